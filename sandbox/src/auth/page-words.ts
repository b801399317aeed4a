/**
 * The identity provider's pages in the app's languages, as Keycloak's are: the app asks for its own
 * with `ui_locales` (the first tag spoken wins), else the browser's Accept-Language decides, else
 * English. The app's catalogues are not used here (the sandbox is not the app): the few words of its
 * pages are in this table, with the app's glossary (sign in, sign out, try again…).
 */
export const PAGE_LANGUAGES = ['en', 'es', 'de', 'vi', 'zh-Hans'] as const;

export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export interface PageWords {
  signInTitle: string;
  signInSubtitle: string;
  email: string;
  password: string;
  signInButton: string;
  /** The seeded accounts: the emails and passwords stay as they are. */
  sandboxHint: string;
  invalidLogin: string;
  tooManyAttempts: (seconds: number) => string;
  linkExpired: string;
  formTooLarge: string;
  signInFailed: string;
  signOutTitle: string;
  signOutQuestion: string;
  signOutButton: string;
  staySignedIn: string;
  /** Shown for a moment while a sign-out the app asked for (with a valid ID token hint) goes through. */
  signingOut: string;
  signedOutTitle: string;
  signedOut: string;
  problemTitle: string;
  somethingWentWrong: string;
  /** The labels of a protocol error's code and description on the problem page. */
  errorLabel: string;
  descriptionLabel: string;
}

const ACCOUNTS = 'technician@example.com / technician, viewer@example.com / viewer';

export const PAGE_WORDS: Record<PageLanguage, PageWords> = {
  en: {
    signInTitle: 'Sign in',
    signInSubtitle: 'Sign in with your company account.',
    email: 'Email',
    password: 'Password',
    signInButton: 'Sign in',
    sandboxHint: `Sandbox: ${ACCOUNTS}.`,
    invalidLogin: 'Invalid email or password.',
    tooManyAttempts: (seconds) => `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
    linkExpired: 'This sign-in link has expired. Go back to the app and sign in again.',
    formTooLarge: 'The form is too large.',
    signInFailed: 'Sign-in failed. Go back to the app and try again.',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out?',
    signOutButton: 'Sign out',
    staySignedIn: 'Stay signed in',
    signingOut: 'Signing out…',
    signedOutTitle: 'Signed out',
    signedOut: 'You are signed out.',
    problemTitle: 'Sign-in problem',
    somethingWentWrong: 'Something went wrong.',
    errorLabel: 'error',
    descriptionLabel: 'description',
  },
  es: {
    signInTitle: 'Iniciar sesión',
    signInSubtitle: 'Inicie sesión con su cuenta de la empresa.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signInButton: 'Iniciar sesión',
    sandboxHint: `Entorno de pruebas: ${ACCOUNTS}.`,
    invalidLogin: 'Correo electrónico o contraseña incorrectos.',
    tooManyAttempts: (seconds) =>
      `Demasiados intentos fallidos. Reintente en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
    linkExpired:
      'Este enlace de inicio de sesión ha caducado. Vuelva a la aplicación e inicie sesión de nuevo.',
    formTooLarge: 'El formulario es demasiado grande.',
    signInFailed: 'No se pudo iniciar sesión. Vuelva a la aplicación y reintente.',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Desea cerrar sesión?',
    signOutButton: 'Cerrar sesión',
    staySignedIn: 'Seguir conectado',
    signingOut: 'Cerrando sesión…',
    signedOutTitle: 'Sesión cerrada',
    signedOut: 'Ha cerrado la sesión.',
    problemTitle: 'Problema al iniciar sesión',
    somethingWentWrong: 'Algo salió mal.',
    errorLabel: 'error',
    descriptionLabel: 'descripción',
  },
  de: {
    signInTitle: 'Anmelden',
    signInSubtitle: 'Melden Sie sich mit Ihrem Firmenkonto an.',
    email: 'E-Mail',
    password: 'Passwort',
    signInButton: 'Anmelden',
    sandboxHint: `Sandbox: ${ACCOUNTS}.`,
    invalidLogin: 'E-Mail oder Passwort ist falsch.',
    tooManyAttempts: (seconds) =>
      `Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} erneut.`,
    linkExpired:
      'Dieser Anmeldelink ist abgelaufen. Kehren Sie zur App zurück und melden Sie sich erneut an.',
    formTooLarge: 'Das Formular ist zu groß.',
    signInFailed: 'Die Anmeldung ist fehlgeschlagen. Kehren Sie zur App zurück und versuchen Sie es erneut.',
    signOutTitle: 'Abmelden',
    signOutQuestion: 'Möchten Sie sich abmelden?',
    signOutButton: 'Abmelden',
    staySignedIn: 'Angemeldet bleiben',
    signingOut: 'Sie werden abgemeldet …',
    signedOutTitle: 'Abgemeldet',
    signedOut: 'Sie sind abgemeldet.',
    problemTitle: 'Problem bei der Anmeldung',
    somethingWentWrong: 'Etwas ist schiefgelaufen.',
    errorLabel: 'Fehler',
    descriptionLabel: 'Beschreibung',
  },
  vi: {
    signInTitle: 'Đăng nhập',
    signInSubtitle: 'Đăng nhập bằng tài khoản công ty của bạn.',
    email: 'Email',
    password: 'Mật khẩu',
    signInButton: 'Đăng nhập',
    sandboxHint: `Môi trường thử nghiệm: ${ACCOUNTS}.`,
    invalidLogin: 'Email hoặc mật khẩu không đúng.',
    tooManyAttempts: (seconds) => `Đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
    linkExpired: 'Liên kết đăng nhập này đã hết hạn. Hãy quay lại ứng dụng và đăng nhập lại.',
    formTooLarge: 'Biểu mẫu quá lớn.',
    signInFailed: 'Đăng nhập không thành công. Hãy quay lại ứng dụng và thử lại.',
    signOutTitle: 'Đăng xuất',
    signOutQuestion: 'Bạn có muốn đăng xuất không?',
    signOutButton: 'Đăng xuất',
    staySignedIn: 'Giữ đăng nhập',
    signingOut: 'Đang đăng xuất…',
    signedOutTitle: 'Đã đăng xuất',
    signedOut: 'Bạn đã đăng xuất.',
    problemTitle: 'Sự cố đăng nhập',
    somethingWentWrong: 'Đã xảy ra lỗi.',
    errorLabel: 'lỗi',
    descriptionLabel: 'mô tả',
  },
  'zh-Hans': {
    signInTitle: '登录',
    signInSubtitle: '请使用公司账号登录。',
    email: '电子邮箱',
    password: '密码',
    signInButton: '登录',
    sandboxHint: `沙盒环境：${ACCOUNTS}。`,
    invalidLogin: '电子邮箱或密码错误。',
    tooManyAttempts: (seconds) => `登录失败次数过多。请在 ${seconds} 秒后重试。`,
    linkExpired: '此登录链接已过期。请返回应用重新登录。',
    formTooLarge: '表单过大。',
    signInFailed: '登录失败。请返回应用重试。',
    signOutTitle: '退出登录',
    signOutQuestion: '确定要退出登录吗？',
    signOutButton: '退出登录',
    staySignedIn: '保持登录',
    signingOut: '正在退出登录…',
    signedOutTitle: '已退出登录',
    signedOut: '您已退出登录。',
    problemTitle: '登录问题',
    somethingWentWrong: '出错了。',
    errorLabel: '错误',
    descriptionLabel: '说明',
  },
};

/**
 * The page language for one tag, as the app matches the browser's: by language when the region
 * differs (es-MX → es, en-XA → en), Chinese in simplified script only (zh, zh-CN, zh-SG, zh-Hans-*).
 */
function matchTag(tag: string): PageLanguage | null {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag).maximize();
  } catch {
    return null;
  }
  if (locale.language === 'zh') return locale.script === 'Hans' ? 'zh-Hans' : null;
  return PAGE_LANGUAGES.find((language) => language === locale.language) ?? null;
}

/** The tags of an Accept-Language header, most wanted first (q=0 is "not this one"). */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language of a page: the first tag of `uiLocales` (OIDC's space-separated list) the pages speak,
 * else the first of the browser's Accept-Language, else English.
 */
export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): PageLanguage {
  const asked = typeof uiLocales === 'string' ? uiLocales.split(/\s+/).filter(Boolean) : [];
  for (const tag of [...asked, ...acceptedTags(acceptLanguage ?? '')]) {
    const found = matchTag(tag);
    if (found) return found;
  }
  return 'en';
}
