import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { readSheet } from 'read-excel-file/node';
import { importLimits } from '../../../contract/import';
import { ApiError } from '../../lib/errors';

/** A file's cells as text (NFC), its header row apart, and how many blank rows it had. */
export type ReadFile = { columns: string[]; rows: [line: number, cells: string[]][]; blank: number };

const tooManyRows = () =>
  new ApiError(413, [{ msg: `A file may hold at most ${importLimits.rowsMax} rows: split it and import each part`, code: 'too_large' }]);

/** A cell as text: trimmed, in Unicode NFC (a macron typed as a combining mark is the same ā), a date as YYYY-MM-DD. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).normalize('NFC').trim();
}

/**
 * The text of a CSV: UTF-8 (with or without a byte order mark), else Windows-1252, as Excel
 * saves "CSV" on Windows. A file that is neither (NUL bytes: UTF-16, a binary) is refused.
 */
function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) {
    throw new ApiError(415, [
      { msg: 'This file is not text that can be read: save it as CSV (UTF-8) or as an Excel workbook (.xlsx)', code: 'unsupported_media_type' },
    ]);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Node's TextDecoder reads 'windows-1252' as Latin-1 (’ would be a control character).
    return iconv.decode(bytes, 'win1252');
  }
}

/** Drops blank rows (counting them) and the header: the first row with any text. */
function splitHeader(table: unknown[][], firstLine = 1): ReadFile {
  let blank = 0;
  let columns: string[] | null = null;
  const rows: ReadFile['rows'] = [];
  table.forEach((row, index) => {
    const cells = row.map(cellText);
    if (cells.every((cell) => cell === '')) {
      if (columns) blank++;
      return;
    }
    if (!columns) {
      // A merged header cell leaves the cells it covers empty: those columns are named by position.
      columns = cells.map((cell, at) => cell || `Column ${at + 1}`);
      return;
    }
    rows.push([index + firstLine, cells]);
  });
  if (rows.length > importLimits.rowsMax) throw tooManyRows();
  return { columns: columns ?? [], rows, blank };
}

/** Reads a `.csv` or `.xlsx` upload (its first sheet), by the file's own bytes rather than its name. */
export async function readSpreadsheet(bytes: Buffer): Promise<ReadFile> {
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (isZip) {
    let sheet: unknown[][];
    try {
      sheet = (await readSheet(bytes)) as unknown[][];
    } catch {
      throw new ApiError(415, [{ msg: 'This workbook cannot be read: save it again as .xlsx or as CSV', code: 'unsupported_media_type' }]);
    }
    return splitHeader(sheet);
  }
  const text = decodeCsv(bytes);
  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, to_line: importLimits.rowsMax + 1000 }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ApiError(400, [{ msg: `This CSV cannot be read${line ? ` near line ${line}` : ''}: a quote may be left open`, code: 'bad_request' }]);
  }
  return splitHeader(table);
}
