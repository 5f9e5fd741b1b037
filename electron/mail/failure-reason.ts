// Why an SMTP attempt failed, as one of the codes the UI puts into words (MailFailureReason). nodemailer reports
// the stage as its own code (ESOCKET, EDNS, ETLS, EAUTH…) and keeps the operating system's cause only in the
// message ("connect ECONNREFUSED 127.0.0.1:587", OpenSSL's "wrong version number"), so both are read.
import type { MailFailureReason } from '../../shared/contract/areas/mail';

interface SmtpErrorLike {
  code?: unknown;
  message?: unknown;
  responseCode?: unknown;
}

const TLS_WORDS = /\b(ssl|tls|wrong version number|certificate|self[- ]signed|handshake|unable to verify|CERT_|ERR_SSL)/i;

export function failureReasonOf(e: unknown): MailFailureReason {
  const err = (e ?? {}) as SmtpErrorLike;
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : String(e);
  switch (code) {
    case 'EAUTH':
      return 'auth';
    case 'ETLS':
      return 'tls';
    case 'EDNS':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'not_found';
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EENVELOPE':
    case 'EMESSAGE':
      return 'rejected';
    case 'ESOCKET':
    case 'ECONNECTION':
    case 'ECONNRESET':
    case 'EPROTOCOL':
      if (/ECONNREFUSED/.test(message)) return 'refused';
      if (/ENOTFOUND|EAI_AGAIN/.test(message)) return 'not_found';
      if (/ETIMEDOUT/.test(message)) return 'timeout';
      if (TLS_WORDS.test(message)) return 'tls';
      return 'connection';
    default:
      // nodemailer reports a server that hangs up before greeting without a code
      if (/socket close|closed unexpectedly|ECONNRESET|EPIPE/i.test(message)) return 'connection';
      return 'other';
  }
}
