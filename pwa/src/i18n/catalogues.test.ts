import { describe, expect, it } from 'vitest';
import { en as core } from './en';
import { enClients } from './en-clients';
import { enWhanauApp } from './en-whanau-app';
import { enErrors } from './en-errors';
import { enManage } from './en-manage';
import { enPages } from './en-pages';
import { enParts } from './en-parts';
import { formatMessage, type Message } from './messages';
import { mi } from './mi';
import { plainText } from './rich-text';
import { spec } from './spec';

/** The whole English catalogue: the core, the lazily loaded pages' words, and the glosses (no English). */
const glossKeys = Object.keys(spec).map((key) => `gloss.${key}`);
const en = {
  ...core,
  ...enParts,
  ...enPages,
  ...enManage,
  ...enClients,
  ...enWhanauApp,
  ...enErrors,
  ...Object.fromEntries(glossKeys.map((key) => [key, ''])),
} as Record<keyof typeof mi, Message>;

const placeholders = (message: Message) =>
  [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

describe('message catalogues', () => {
  it('keeps each English key in one file only', () => {
    const parts = [core, enParts, enPages, enManage, enClients, enWhanauApp, enErrors].map((part) => Object.keys(part));
    expect(parts.flat().length).toBe(new Set(parts.flat()).size);
  });

  it('closes every <mi> mark (Māori words in English text) and leaves no stray markup', () => {
    const texts = Object.values(en).flatMap((message) => (typeof message === 'string' ? [message] : Object.values(message)));
    expect(texts.filter((text) => /[<>]/.test(plainText(text)))).toEqual([]);
  });

  it('has every English key in te reo Māori, and no key English lacks', () => {
    expect(Object.keys(mi).sort()).toEqual(Object.keys(en).sort());
  });

  it('leaves no English sentence untranslated: a Māori entry differs from its English', () => {
    const same = Object.entries(en).filter(([key, text]) => text !== '' && JSON.stringify(mi[key as keyof typeof en].text) === JSON.stringify(text));
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('gives a Māori line for every gloss, and none in English', () => {
    const glosses = Object.keys(en).filter((key) => key.startsWith('gloss.')) as (keyof typeof en)[];
    expect(glosses.filter((key) => en[key] !== '')).toEqual([]);
    expect(glosses.filter((key) => mi[key].text === '')).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => JSON.stringify(placeholders(en[key])) !== JSON.stringify(placeholders(mi[key].text)),
    );
    expect(mismatched).toEqual([]);
  });

  it('fills placeholders and picks plural forms by count', () => {
    const rules = new Intl.PluralRules('en-NZ');
    expect(formatMessage('Signed in as {name}', { name: 'Mere' }, rules)).toBe('Signed in as Mere');
    expect(formatMessage({ one: '{count} item', other: '{count} items' }, { count: 1 }, rules)).toBe('1 item');
    expect(formatMessage({ one: '{count} item', other: '{count} items' }, { count: 3 }, rules)).toBe('3 items');
    expect(formatMessage('Keep {unknown}', {}, rules)).toBe('Keep {unknown}');
  });
});
