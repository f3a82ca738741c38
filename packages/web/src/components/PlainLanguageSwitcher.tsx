// The language menu of the sign-in page in plain elements (the page loads without antd, issue 16):
// same test ids, names and choices as LanguageSwitcher; a menu button with radio items, closed by
// Escape, a choice or a click elsewhere. Styles in pages/LoginPage.css.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguageChoice } from './language-choice';

export function PlainLanguageSwitcher() {
  const choice = useLanguageChoice();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <div className="plain-language" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="plain-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={choice.buttonName}
        data-testid="language-switcher"
        data-language={choice.language}
        onClick={() => setOpen(!open)}
      >
        {choice.buttonText}
      </button>
      {open && (
        <ul role="menu" className="plain-language-menu" aria-label={choice.buttonName}>
          {choice.options.map((option) => (
            <li
              key={option.preference}
              role="menuitemradio"
              aria-checked={option.preference === choice.preference}
              tabIndex={-1}
              data-testid={`language-option-${option.preference}`}
              onClick={() => {
                setOpen(false);
                choice.choose(option.preference);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                setOpen(false);
                choice.choose(option.preference);
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
