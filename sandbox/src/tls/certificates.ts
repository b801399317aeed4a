import {
  X509Certificate,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import path from 'node:path';
import {
  bitString,
  boolean,
  explicit,
  implicit,
  namedBits,
  objectIdentifier,
  octetString,
  sequence,
  set,
  time,
  unsignedInteger,
  utf8String,
} from './der.ts';

/**
 * The sandbox's HTTPS certificates, made with Node's crypto at first start and kept in
 * `<data dir>/tls`: a self-signed CA certificate (`ca.pem`, the one to trust: REQUESTS_CA_BUNDLE,
 * NODE_EXTRA_CA_CERTS, AWS_CA_BUNDLE, curl --cacert) and the server's certificate it signs. Two, not
 * one self-signed server certificate, because strict verifiers (OpenSSL's X509_STRICT, which Python
 * 3.13 turns on) refuse a certificate that is both a CA and the server. ECDSA P-256 with SHA-256.
 */
export interface TlsFiles {
  /** The CA certificate to trust, as a path to print. */
  caPath: string;
  /** Server certificate (PEM) and its private key (PEM), for https.createServer. */
  cert: string;
  key: string;
}

const CA_DAYS = 3650;
// Apple platforms refuse server certificates valid for longer than 825 days, even from a private CA.
const SERVER_DAYS = 825;
const RENEW_BEFORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
};

const name = (commonName: string) =>
  sequence(
    set(sequence(objectIdentifier(OID.organization), utf8String('Floor Attach sandbox'))),
    set(sequence(objectIdentifier(OID.commonName), utf8String(commonName))),
  );

const extension = (oid: string, critical: boolean, value: Buffer) =>
  sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));

/** RFC 5280's method 1: SHA-1 of the subjectPublicKey bits (the SPKI's last 65 bytes for P-256). */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha1')
    .update(spki.subarray(spki.length - 65))
    .digest();
}

function ipBytes(address: string): Buffer {
  if (isIP(address) === 4) return Buffer.from(address.split('.').map(Number));
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [
    ...groups(head),
    ...Array<string>(address.includes('::') ? missing : 0).fill('0'),
    ...groups(tail),
  ];
  return Buffer.concat(all.map((g) => Buffer.from(g.padStart(4, '0'), 'hex')));
}

interface Issued {
  subject: string;
  publicKey: KeyObject;
  issuer: { name: string; key: KeyObject; publicKey: KeyObject };
  days: number;
  extensions: Buffer[];
}

function issue(cert: Issued, now: Date): string {
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const tbs = sequence(
    explicit(0, unsignedInteger(2)), // v3
    unsignedInteger(Buffer.concat([Buffer.from([0x40 | (randomBytes(1)[0]! & 0x3f)]), randomBytes(15)])),
    algorithm,
    name(cert.issuer.name),
    sequence(
      time(new Date(now.getTime() - 60 * 60 * 1000)),
      time(new Date(now.getTime() + cert.days * DAY_MS)),
    ),
    name(cert.subject),
    cert.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        ...cert.extensions,
        extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(cert.publicKey))),
        extension(
          OID.authorityKeyIdentifier,
          false,
          sequence(implicit(0, keyIdentifier(cert.issuer.publicKey))),
        ),
      ),
    ),
  );
  const signature = sign('sha256', tbs, { key: cert.issuer.key, dsaEncoding: 'der' });
  const der = sequence(tbs, algorithm, bitString(signature));
  return `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
}

const newKeyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;

/** Writes through a temporary file, so a crash never leaves half a certificate; keys private to the owner. */
function writeAtomically(file: string, text: string, mode: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, file);
}

/** The names the server certificate covers: loopback always, the listen host, and on a wildcard host this machine's names. */
export function serverNames(host: string): string[] {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  if (host === '0.0.0.0' || host === '::') {
    names.add(hostname());
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) if (!a.internal && !a.address.startsWith('fe80')) names.add(a.address);
    }
  } else {
    names.add(host);
  }
  return [...names];
}

function coversNames(cert: X509Certificate, names: string[]): boolean {
  return names.every((n) => (isIP(n) ? cert.checkIP(n) : cert.checkHost(n)) !== undefined);
}

/**
 * Loads the CA and server certificate from `<dataDir>/tls`, making what is missing: the CA once, the
 * server certificate again when it nears its end, names a host it does not cover, or was not signed by
 * this CA. Synchronous: it runs once at start.
 */
export function loadOrCreateTlsFiles(dataDir: string, host: string, now = new Date()): TlsFiles {
  const dir = path.join(dataDir, 'tls');
  mkdirSync(dir, { recursive: true });
  const caPath = path.join(dir, 'ca.pem');
  const caKeyPath = path.join(dir, 'ca-key.pem');
  const certPath = path.join(dir, 'server.pem');
  const keyPath = path.join(dir, 'server-key.pem');
  const names = serverNames(host);

  if (!existsSync(caPath) || !existsSync(caKeyPath)) {
    const { privateKey, publicKey } = newKeyPair();
    const subject = `Floor Attach sandbox CA ${randomBytes(4).toString('hex')}`;
    const ca = issue(
      {
        subject,
        publicKey,
        issuer: { name: subject, key: privateKey, publicKey },
        days: CA_DAYS,
        extensions: [
          extension(OID.basicConstraints, true, sequence(boolean(true), unsignedInteger(0))),
          extension(OID.keyUsage, true, namedBits([0, 5, 6])), // digitalSignature, keyCertSign, cRLSign
        ],
      },
      now,
    );
    writeAtomically(caKeyPath, pemOf(privateKey), 0o600);
    writeAtomically(caPath, ca, 0o644);
  }
  const caPem = readFileSync(caPath, 'utf8');
  const ca = new X509Certificate(caPem);
  const caKey = createPrivateKey(readFileSync(caKeyPath, 'utf8'));

  const current =
    existsSync(certPath) && existsSync(keyPath) ? new X509Certificate(readFileSync(certPath, 'utf8')) : null;
  const usable =
    current !== null &&
    current.checkIssued(ca) &&
    current.verify(ca.publicKey) &&
    Date.parse(current.validTo) - now.getTime() > RENEW_BEFORE_DAYS * DAY_MS &&
    coversNames(current, names);
  if (!usable) {
    const { privateKey, publicKey } = newKeyPair();
    const san = sequence(
      ...names.map((n) => (isIP(n) ? implicit(7, ipBytes(n)) : implicit(2, Buffer.from(n, 'ascii')))),
    );
    const cert = issue(
      {
        subject: names.find((n) => !isIP(n)) ?? 'localhost',
        publicKey,
        issuer: {
          name: ca.subject
            .split('\n')
            .find((l) => l.startsWith('CN='))!
            .slice(3),
          key: caKey,
          publicKey: ca.publicKey,
        },
        days: SERVER_DAYS,
        extensions: [
          extension(OID.basicConstraints, true, sequence()),
          extension(OID.keyUsage, true, namedBits([0])), // digitalSignature (ECDHE key exchange)
          extension(OID.extKeyUsage, false, sequence(objectIdentifier(OID.serverAuth))),
          extension(OID.subjectAltName, false, san),
        ],
      },
      now,
    );
    writeAtomically(keyPath, pemOf(privateKey), 0o600);
    writeAtomically(certPath, cert, 0o644);
  }
  return { caPath, cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
}
