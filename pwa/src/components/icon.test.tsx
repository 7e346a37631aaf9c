import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceCatalogue } from '@contract/catalogue';
import { site } from '../content/site';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon } from './all-icons';
import { drawings } from './icon';

const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
  });
}

/**
 * icon.tsx holds only the drawings the first download needs; a name it does not know is drawn as
 * a koru. So every part that uses its `Icon` (not all-icons.tsx's) must name only those.
 */
describe('the icons of the first download', () => {
  it('cover every name written in a part that uses the small icon set', () => {
    const users = sourceFiles(srcDir).filter((file) => /import \{[^}]*\bIcon\b[^}]*\} from '[./]+(components\/)?icon'/.test(readFileSync(file, 'utf8')));
    expect(users.map((file) => path.relative(srcDir, file))).toContain('app/nav-bar.tsx');
    const missing = users.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<Icon name="([^"]+)"/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => !(name in drawings))
        .map((name) => `${path.relative(srcDir, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('cover the pictures of the home page counters', () => {
    expect(site.counters.map((counter) => counter.image).filter((name) => !(name in drawings))).toEqual([]);
  });
});

describe('the whole icon set', () => {
  it('draws each picture the service catalogue names, not the koru that stands in for unknown names', () => {
    const koru = renderToStaticMarkup(<Icon name="no-such-icon" />);
    for (const service of serviceCatalogue) expect(renderToStaticMarkup(<Icon name={service.icon} />), service.icon).not.toBe(koru);
  });
});
