import { LIMITS } from '@filaha/shared';
import type { MailMessage } from '../../lib/mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One message in both languages: we do not know which one the person reads, and the code is the same. */
export function resetCodeMail(to: string, userName: string, code: string): MailMessage {
  const minutes = LIMITS.resetCodeTtlMinutes;
  const ar = [
    `مرحبًا ${userName}،`,
    `رمز إعادة تعيين كلمة المرور في فلاحة هو: ${code}`,
    `الرمز صالح لمدة ${minutes} دقيقة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  ];
  const fr = [
    `Bonjour ${userName},`,
    `Votre code de réinitialisation du mot de passe Filaha est : ${code}`,
    `Ce code est valable ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message.`,
  ];
  const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return {
    to,
    subject: `رمز إعادة تعيين كلمة المرور — Code de réinitialisation Filaha`,
    text: `${ar.join('\n')}\n\n---\n\n${fr.join('\n')}\n`,
    html: `<!doctype html><html><body><div dir="rtl" lang="ar">${paragraphs(ar)}</div><hr><div dir="ltr" lang="fr">${paragraphs(fr)}</div></body></html>`,
  };
}
