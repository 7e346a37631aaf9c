import { describe, expect, it } from 'vitest';
import { excerptOf } from '@contract/excerpt';

describe('excerptOf', () => {
  it('drops Markdown syntax', () => {
    expect(excerptOf('# Kia ora\n\nA **big** [day](https://a.nz) for _whānau_.')).toBe('Kia ora A big day for whānau.');
  });

  it('cuts long text at a word and marks the cut', () => {
    const excerpt = excerptOf('word '.repeat(100), 40);
    expect(excerpt.length).toBeLessThanOrEqual(41);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('keeps raw HTML as text (React escapes it when shown)', () => {
    expect(excerptOf('<script>x</script>')).toBe('<script>x</script>');
  });
});
