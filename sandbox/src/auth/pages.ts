/**
 * The identity provider's HTML pages: sign-in, sign-out confirmation, signed-out and error. Plain HTML and
 * CSS without scripts, usable on a tablet with gloves (large type, 48 px controls). Every interpolated
 * value goes through escapeHtml.
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

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
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
  error?: string;
}

export function loginPage({ action, email = '', error }: LoginPageOptions): string {
  const errorBlock = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return layout(
    'Sign in',
    `<p class="subtitle">Sign in with your company account.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${errorBlock}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${described}${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="hint">Sandbox: technician@example.com / technician, viewer@example.com / viewer.</p>`,
  );
}

/** oidc-provider passes `form`: its own hidden form (id "op.logoutForm") with the CSRF token. */
export function logoutConfirmPage(form: string): string {
  return layout(
    'Sign out',
    `<p class="subtitle">Do you want to sign out?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', '<p class="subtitle" role="status">You are signed out.</p>');
}

export function errorPage(fields: Record<string, string | undefined>): string {
  const items = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
    .join('\n');
  return layout(
    'Sign-in problem',
    `<div role="alert"><p class="subtitle">Something went wrong.</p>${items}</div>`,
  );
}
