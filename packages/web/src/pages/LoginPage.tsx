// Sign-in (spec §2, §7): system name, slogan and the login-page picture area (placeholders until the
// system configuration brands them), account or e-mail and password, the language switcher and the
// forgotten-password link. The password leaves the browser only as an RSA envelope.
// Drawn with plain elements, not antd: this page is what a browser loads first, and it stays under
// 250 KB of JS+CSS as sent (issue 16; docs/benchmarks.md). antd and the shell load after sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { VisibleNotice } from '../api/failure';
import { APP_THEME } from '../app/theme';
import { PlainLanguageSwitcher } from '../components/PlainLanguageSwitcher';
import { PlainNotice } from '../components/PlainNotice';
import { signIn } from '../session/actions';
import { changePasswordPathFor, safeRedirectPath } from '../session/redirect';
import './LoginPage.css';

/** What another page asks the sign-in page to say, e.g. after a password reset. */
export interface LoginPageState {
  notice?: VisibleNotice;
}

function passedNotice(state: unknown): VisibleNotice | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return (state as LoginPageState).notice;
}

// The theme's colours for the page's stylesheet (contrast-checked seeds, see app/theme.ts).
const THEME_COLOURS = {
  '--login-primary': APP_THEME.token?.colorPrimary,
  '--login-error': APP_THEME.token?.colorError,
  '--login-success': APP_THEME.token?.colorSuccess,
} as CSSProperties;

// The picture area is left out on narrow screens, as antd's "md" breakpoint did.
const WIDE_SCREEN = '(min-width: 768px)';

function subscribeToWidth(notify: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(WIDE_SCREEN).matches);
}

function PictureArea() {
  const { t } = useTranslation();
  return (
    <section className="login-picture" data-testid="login-picture">
      <div className="login-brand">
        <img src="./favicon.svg" alt="" width={40} height={40} />
        <h2 data-testid="login-system-name">{t('app.name')}</h2>
      </div>
      <div>
        <p className="login-slogan" data-testid="login-slogan">
          {t('login.slogan')}
        </p>
        <span className="login-caption">{t('login.pictureCaption')}</span>
      </div>
    </section>
  );
}

interface FieldProps {
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}

/** One sign-in input with its error below it; the password's adds a show/hide button. */
function LoginField({ kind, label, value, error, disabled, onChange }: FieldProps & { kind: 'account' | 'password' }) {
  const { t } = useTranslation();
  const errorId = useId();
  const [shown, setShown] = useState(false);
  const password = kind === 'password';
  return (
    <div className={password ? 'login-field login-field-password' : 'login-field'}>
      <div className="login-input" data-invalid={error !== undefined}>
        <input
          name={kind}
          type={password && !shown ? 'password' : 'text'}
          placeholder={label}
          aria-label={label}
          autoComplete={password ? 'current-password' : 'username'}
          data-testid={`login-${kind}`}
          value={value}
          disabled={disabled}
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {password && (
          <button
            type="button"
            className="login-reveal"
            aria-pressed={shown}
            disabled={disabled}
            onClick={() => setShown(!shown)}
          >
            {shown ? t('login.hidePassword') : t('login.showPassword')}
          </button>
        )}
      </div>
      {error && (
        <div id={errorId} className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

interface FieldErrors {
  account?: string;
  password?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);
  const done = passedNotice(location.state);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const missing: FieldErrors = {
      account: account.trim() ? undefined : t('login.accountRequired'),
      password: password ? undefined : t('login.passwordRequired'),
    };
    setFieldErrors(missing);
    if (missing.account || missing.password) return;
    setBusy(true);
    setError(undefined);
    const outcome = await signIn(account, password);
    setBusy(false);
    if (!outcome.ok) {
      // Spec §8: the other side is signed in in this browser.
      if (outcome.failure?.status === 412) void navigate('/412');
      else setError(outcome.notice);
      return;
    }
    // Nothing cached for a previous user may show.
    queryClient.clear();
    const next = safeRedirectPath(params.get('redirect')) ?? '/';
    const target = outcome.value.needChangePassword ? changePasswordPathFor({ forced: true, next }) : next;
    void navigate(target, { replace: true });
  };

  return (
    <div className="login-page" data-testid="login-page" style={THEME_COLOURS}>
      {wide && <PictureArea />}
      <section className="login-side">
        <div className="login-language">
          <PlainLanguageSwitcher />
        </div>
        <main className="login-card">
          <h1 data-testid="login-title">{t('login.title')}</h1>
          <PlainNotice notice={done} type="success" testId="login-notice" />
          <PlainNotice notice={error} />
          <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
            <LoginField
              kind="account"
              label={t('login.accountPlaceholder')}
              value={account}
              error={fieldErrors.account}
              disabled={busy}
              onChange={(value) => {
                setAccount(value);
                if (value.trim()) setFieldErrors((errors) => ({ ...errors, account: undefined }));
              }}
            />
            <LoginField
              kind="password"
              label={t('login.passwordPlaceholder')}
              value={password}
              error={fieldErrors.password}
              disabled={busy}
              onChange={(value) => {
                setPassword(value);
                if (value) setFieldErrors((errors) => ({ ...errors, password: undefined }));
              }}
            />
            <div className="login-forgot">
              <Link to="/forgot-password" data-testid="forgot-password-link">
                {t('login.forgotPassword')}
              </Link>
            </div>
            <button type="submit" className="login-submit" disabled={busy} data-testid="login-submit">
              {t('login.submit')}
            </button>
          </form>
        </main>
      </section>
    </div>
  );
}
