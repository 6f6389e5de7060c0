import type { CrisisLanguage } from '#contract/vela.ts';

/**
 * The reviewed words Vela says to a pilgrim in crisis, in the language they wrote in: that they matter,
 * that they are not alone, to reach out now, the helpline, and that Vela is still here. No model is asked
 * to improvise this. Country names come from `Intl.DisplayNames` in the same language; "in Spain" would
 * need each language's prepositions, so the country follows the line in brackets instead.
 */
export interface CrisisWords {
  /** Whose helpline to give when the pilgrim has not told us their country (English is spoken too widely). */
  country: string | null;
  opening: string;
  line: (name: string, phone: string, country: string) => string;
  emergency: (number: string) => string;
  /** When we know no emergency number for the pilgrim's country. */
  anyEmergency: string;
  directory: (name: string, url: string) => string;
  closing: string;
}

export const crisisReplies: Record<CrisisLanguage, CrisisWords> = {
  en: {
    country: null,
    opening:
      'I am really glad you told me. You matter, and you do not have to go through this alone. Please reach out to someone now.',
    line: (name, phone, country) => `You can call ${name} on ${phone} (${country}).`,
    emergency: (number) => `If you are in danger, call ${number}.`,
    anyEmergency:
      'If you are in danger, call your local emergency number (112 in Europe, 911 in North America).',
    directory: (name, url) => `${name} (${url}) lists free, confidential helplines in every country.`,
    closing: 'I am still here, and you can keep writing to me.',
  },
  es: {
    country: 'ES',
    opening:
      'Me alegra mucho que me lo hayas contado. Tu vida importa, y no tienes que pasar por esto sin nadie a tu lado. Por favor, habla con alguien ahora.',
    line: (name, phone, country) => `Puedes llamar a ${name}: ${phone} (${country}).`,
    emergency: (number) => `Si estás en peligro, llama al ${number}.`,
    anyEmergency:
      'Si estás en peligro, llama al número de emergencias de tu país (112 en Europa, 911 en América del Norte).',
    directory: (name, url) =>
      `${name} (${url}) reúne líneas de ayuda gratuitas y confidenciales de cada país.`,
    closing: 'Sigo aquí, y puedes seguir escribiéndome.',
  },
  pt: {
    country: 'PT',
    opening:
      'Ainda bem que me contou. A sua vida importa, e não tem de passar por isto sem apoio. Por favor, fale com alguém agora.',
    line: (name, phone, country) => `Pode ligar para ${name}: ${phone} (${country}).`,
    emergency: (number) => `Se estiver em perigo, ligue ${number}.`,
    anyEmergency: 'Se estiver em perigo, ligue para o número de emergência do seu país (112 na Europa).',
    directory: (name, url) =>
      `${name} (${url}) reúne linhas de apoio gratuitas e confidenciais de cada país.`,
    closing: 'Continuo aqui, e pode continuar a escrever-me.',
  },
  it: {
    country: 'IT',
    opening:
      'Grazie di avermelo detto. La tua vita conta, e non devi affrontare tutto questo senza nessuno accanto. Per favore, parla con qualcuno adesso.',
    line: (name, phone, country) => `Puoi chiamare ${name} al ${phone} (${country}).`,
    emergency: (number) => `Se sei in pericolo, chiama il ${number}.`,
    anyEmergency: 'Se sei in pericolo, chiama il numero di emergenza del tuo paese (112 in Europa).',
    directory: (name, url) =>
      `${name} (${url}) raccoglie le linee di ascolto gratuite e riservate di ogni paese.`,
    closing: 'Io sono ancora qui, e puoi continuare a scrivermi.',
  },
  de: {
    country: 'DE',
    opening:
      'Danke, dass du es mir gesagt hast. Du bist wichtig, und du musst das nicht allein durchstehen. Bitte wende dich jetzt an einen Menschen.',
    line: (name, phone, country) => `Du erreichst ${name} unter ${phone} (${country}).`,
    emergency: (number) => `Wenn du in Gefahr bist, ruf die ${number} an.`,
    anyEmergency:
      'Wenn du in Gefahr bist, ruf die Notrufnummer deines Landes an (112 in Europa, 911 in Nordamerika).',
    directory: (name, url) => `${name} (${url}) listet kostenlose, vertrauliche Hilfetelefone in jedem Land.`,
    closing: 'Ich bin weiter für dich da, und du kannst mir weiter schreiben.',
  },
  fr: {
    country: 'FR',
    opening:
      'Merci de me l’avoir dit. Vous comptez, et vous n’avez pas à affronter cela sans soutien. S’il vous plaît, parlez à quelqu’un maintenant.',
    line: (name, phone, country) => `Vous pouvez appeler ${name} au ${phone} (${country}).`,
    emergency: (number) => `Si vous êtes en danger, appelez le ${number}.`,
    anyEmergency:
      'Si vous êtes en danger, appelez le numéro d’urgence de votre pays (112 en Europe, 911 en Amérique du Nord).',
    directory: (name, url) =>
      `${name} (${url}) recense les lignes d’écoute gratuites et confidentielles de chaque pays.`,
    closing: 'Je suis toujours là, et vous pouvez continuer à m’écrire.',
  },
};
