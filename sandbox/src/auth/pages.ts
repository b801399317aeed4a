import { PAGE_WORDS, type PageLanguage } from './page-words.ts';

/**
 * The identity provider's HTML pages: sign-in, sign-out confirmation, signed-out and error. Plain HTML and
 * CSS without scripts, usable on a tablet with gloves (large type, 48 px controls). Every interpolated
 * value goes through escapeHtml. Each is in the language it is given (see page-words.ts).
 */
export const PRODUCT_NAME = 'Floor Attach';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
    font:18px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
  main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:32px 28px;
    box-shadow:0 2px 8px rgba(0,0,0,.12)}
  h1{margin:0 0 4px;font-size:1.6rem}
  .subtitle{margin:0 0 24px;color:#495057}
  label{display:block;font-weight:600;margin:16px 0 6px}
  input{width:100%;min-height:48px;padding:10px 12px;font-size:1.05rem;border:1px solid #868e96;border-radius:8px}
  input:focus,button:focus{outline:3px solid #1c7ed6;outline-offset:2px}
  button{width:100%;min-height:48px;margin-top:24px;font-size:1.1rem;font-weight:600;border:0;border-radius:8px;
    background:#1971c2;color:#fff;cursor:pointer}
  button.secondary{background:#e9ecef;color:#212529;margin-top:12px}
  .error{margin:16px 0 0;padding:12px;border-radius:8px;background:#fff5f5;color:#c92a2a;border:1px solid #ffa8a8}
  .hint{margin-top:24px;font-size:.9rem;color:#495057}
`;

function layout(language: PageLanguage, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${PRODUCT_NAME}</h1>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts (the interaction URL). */
  action: string;
  email?: string;
  /** Already in `language`. */
  error?: string;
  language?: PageLanguage;
}

export function loginPage({ action, email = '', error, language = 'en' }: LoginPageOptions): string {
  const words = PAGE_WORDS[language];
  const errorBlock = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return layout(
    language,
    words.signInTitle,
    `<p class="subtitle">${escapeHtml(words.signInSubtitle)}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${errorBlock}
<label for="email">${escapeHtml(words.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${described}${email ? '' : ' autofocus'}>
<label for="password">${escapeHtml(words.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${email ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(words.signInButton)}</button>
</form>
<p class="hint">${escapeHtml(words.sandboxHint)}</p>`,
  );
}

/** oidc-provider passes `form`: its own hidden form (id "op.logoutForm") with the CSRF token. */
export function logoutConfirmPage(form: string, language: PageLanguage = 'en'): string {
  const words = PAGE_WORDS[language];
  return layout(
    language,
    words.signOutTitle,
    `<p class="subtitle">${escapeHtml(words.signOutQuestion)}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(words.signOutButton)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(words.staySignedIn)}</button>`,
  );
}

/** The script that sends the sign-out form by itself; its hash goes into the page's Content-Security-Policy. */
export const SUBMIT_LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

/**
 * A sign-out the app asked for with a valid ID token hint of the signed-in person: sent at once, without
 * a question (as Keycloak does). `form` is oidc-provider's own, with its CSRF token; without scripts,
 * one button sends it.
 */
export function loggingOutPage(form: string, language: PageLanguage = 'en'): string {
  const words = PAGE_WORDS[language];
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    language,
    words.signOutTitle,
    `<p class="subtitle" role="status">${escapeHtml(words.signingOut)}</p>
${confirmed}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(words.signOutButton)}</button></noscript>
<script>${SUBMIT_LOGOUT_SCRIPT}</script>`,
  );
}

export function signedOutPage(language: PageLanguage = 'en'): string {
  const words = PAGE_WORDS[language];
  return layout(
    language,
    words.signedOutTitle,
    `<p class="subtitle" role="status">${escapeHtml(words.signedOut)}</p>`,
  );
}

/**
 * A problem: `error` (a protocol error code, or a sentence already in `language`) and the protocol's
 * `description` (the provider's own words, shown as they are).
 */
export function errorPage(
  fields: { error?: string; description?: string },
  language: PageLanguage = 'en',
): string {
  const words = PAGE_WORDS[language];
  const labels = { error: words.errorLabel, description: words.descriptionLabel };
  const items = (['error', 'description'] as const)
    .filter((key) => fields[key] !== undefined)
    .map((key) => `<p><strong>${escapeHtml(labels[key])}</strong>: ${escapeHtml(fields[key] ?? '')}</p>`)
    .join('\n');
  return layout(
    language,
    words.problemTitle,
    `<div role="alert"><p class="subtitle">${escapeHtml(words.somethingWentWrong)}</p>${items}</div>`,
  );
}
