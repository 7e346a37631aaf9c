import type { ImportProblem } from '../../../contract/import';

/**
 * A clients spreadsheet as trusts export them, with the faults real files have (issue 36): blank
 * lines, dates in three New Zealand forms, macrons typed as combining marks, people entered twice,
 * a row per member of a whānau (one address and phone), dates and phones that cannot be right.
 * Built with what the preview must say of it, row by row.
 */
export type ClientsFixture = { csv: string; rows: number; blank: number; problems: ImportProblem[]; repeated: number[]; people: number };

const given = ['Aroha', 'Hēmi', 'Mere', 'Tāne', 'Wiremu', 'Ngaio', 'Rāwiri', 'Kiri', 'Pita', 'Anahera', 'Tūī', 'Hōhepa'];
const family = ['Walker', 'Te Rangi', 'Ngata', 'Pōmare', 'Tūhoe-Smith', 'Parata', 'Kāwhia', 'Brown', 'Rēweti', 'Tamihana'];
const suburbs = ['Linwood', 'Ōtautahi', 'Aranui', 'Wainoni', 'Phillipstown'];

/** Two spellings of the same text: composed (NFC) or with combining macrons (NFD), as some systems export. */
const decomposed = (text: string) => text.normalize('NFD');

export function buildClientsFixture(count = 2000): ClientsFixture {
  const lines = ['Ingoa,Surname,Date of birth,Waea,Īmēra,Suburb,Iwi'];
  const problems: ImportProblem[] = [];
  const repeated: number[] = [];
  let blank = 0;
  let people = 0;
  let previous = '';
  let previousProblem: ImportProblem | undefined;
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % 100 === 0) {
      lines.push('');
      blank++;
    }
    const row = lines.length + 1; // the spreadsheet's row number: the header is row 1
    if (index % 50 === 49) {
      // The person of the row before, entered again.
      lines.push(previous);
      if (previousProblem) problems.push({ ...previousProblem, row });
      else repeated.push(row);
      continue;
    }
    // Every fifth row is another member of the previous row's whānau: same family, address and phone.
    const household = Math.floor(index / 5);
    const name = given[index % given.length]!;
    const familyName = `${family[household % family.length]} ${household}`;
    const year = 1950 + (index % 50);
    const month = 1 + (index % 12);
    const day = 1 + (index % 28);
    const pad = (value: number) => String(value).padStart(2, '0');
    let date = [`${pad(day)}/${pad(month)}/${year}`, `${pad(day)}-${pad(month)}-${String(year).slice(2)}`, `${year}-${pad(month)}-${pad(day)}`][index % 3]!;
    let phone = `03 ${String(3_000_000 + household).padStart(7, '0')}`;
    const problemsBefore = problems.length;
    if (index % 97 === 5) {
      date = `31/02/${year}`;
      problems.push({ row, field: 'dateOfBirth', msg: 'Date of birth is not a real date' });
    } else if (index % 89 === 7) {
      phone = '555';
      problems.push({ row, field: 'phone', msg: 'Phone number must have 6 to 20 digits' });
    } else if (index % 101 === 9) {
      date = 'about 1980';
      problems.push({ row, field: 'dateOfBirth', msg: 'Date of birth "about 1980" cannot be read: write it like 25/12/1980 or 1980-12-25' });
    } else {
      people++;
    }
    previousProblem = problems.length > problemsBefore ? problems.at(-1) : undefined;
    const email = index % 4 === 0 ? `${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${index}@example.org` : '';
    const cells = [
      index % 7 === 0 ? decomposed(name) : name,
      familyName,
      date,
      phone,
      email,
      suburbs[household % suburbs.length]!,
      index % 3 === 0 ? 'Ngāi Tahu' : '',
    ];
    previous = cells.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',');
    lines.push(previous);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: count, blank, problems, repeated, people };
}
