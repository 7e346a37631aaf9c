import { setLanguage } from '../i18n/i18n';
import { languages, localeOf, nameOf } from '../i18n/languages';
import { useLanguage, useT } from '../i18n/use-t';
import './language-switch.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/** "English" / "Te reo Māori": a pair of toggle buttons, each named in its own language. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const current = useLanguage();
  return (
    <div className={`language-switch ${className}`} role="group" aria-label={t('language.label')}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={localeOf[language]}
          className="language-switch__option"
          aria-pressed={language === current}
          onClick={() => void setLanguage(language)}
        >
          {nameOf[language]}
        </button>
      ))}
    </div>
  );
}
