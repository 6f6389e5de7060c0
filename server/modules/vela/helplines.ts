import { countries } from '#contract/countries.ts';
import type { Helpline } from '#contract/vela.ts';

interface Line {
  name: string;
  phone: string;
}

interface CountryLines {
  crisis: Line | null;
  abuse: Line | null;
  emergency: string;
}

/**
 * Crisis and abuse lines we can state with confidence, each checked against the public source in its
 * comment. A wrong number does harm: a country or a line we are not sure of is left out, and the
 * international directory below covers it.
 */
const linesByCountry: Record<string, CountryLines> = {
  // Crisis: Ministerio de Sanidad, https://www.sanidad.gob.es/linea024/ (Línea 024).
  // Abuse: Ministerio de Igualdad, https://violenciagenero.igualdad.gob.es/ (016). Emergency: 112.
  ES: {
    crisis: { name: 'Línea 024 de atención a la conducta suicida', phone: '024' },
    abuse: { name: '016, violencia de género', phone: '016' },
    emergency: '112',
  },
  // Crisis: https://988lifeline.org (988 Suicide & Crisis Lifeline).
  // Abuse: https://www.thehotline.org (National Domestic Violence Hotline). Emergency: 911.
  US: {
    crisis: { name: '988 Suicide & Crisis Lifeline', phone: '988' },
    abuse: { name: 'National Domestic Violence Hotline', phone: '1-800-799-7233' },
    emergency: '911',
  },
  // Crisis: https://www.telefonoamico.it (Telefono Amico Italia).
  // Abuse: Dipartimento per le Pari Opportunità, https://www.1522.eu (1522 antiviolenza e stalking). Emergency: 112.
  IT: {
    crisis: { name: 'Telefono Amico Italia', phone: '02 2327 2327' },
    abuse: { name: '1522 antiviolenza e stalking', phone: '1522' },
    emergency: '112',
  },
  // Crisis: https://www.telefonseelsorge.de (TelefonSeelsorge; 0800 111 0 222 and 116 123 reach it too, one
  // number is shown so the card has a single line to tap).
  // Abuse: https://www.hilfetelefon.de (Hilfetelefon Gewalt gegen Frauen). Emergency: 112.
  DE: {
    crisis: { name: 'TelefonSeelsorge', phone: '0800 111 0 111' },
    abuse: { name: 'Hilfetelefon Gewalt gegen Frauen', phone: '116 016' },
    emergency: '112',
  },
  // Crisis: https://www.telefonseelsorge.at (TelefonSeelsorge Österreich). Abuse: directory. Emergency: 112.
  AT: {
    crisis: { name: 'TelefonSeelsorge', phone: '142' },
    abuse: null,
    emergency: '112',
  },
  // Crisis: https://www.143.ch (Die Dargebotene Hand, La Main Tendue, Telefono Amico: one line in three
  // languages). Abuse lines differ by canton: directory. Emergency: 112.
  CH: {
    crisis: { name: 'Die Dargebotene Hand / La Main Tendue / Telefono Amico', phone: '143' },
    abuse: null,
    emergency: '112',
  },
  // Crisis: https://www.sns24.gov.pt (SNS 24, psychological counselling).
  // Abuse: Comissão para a Cidadania e a Igualdade de Género, https://www.cig.gov.pt (800 202 148). Emergency: 112.
  PT: {
    crisis: { name: 'SNS 24 (aconselhamento psicológico)', phone: '808 24 24 24' },
    abuse: { name: 'Linha de apoio às vítimas de violência doméstica', phone: '800 202 148' },
    emergency: '112',
  },
  // Crisis: https://www.samaritans.org (Samaritans). Abuse: https://www.nationaldahelpline.org.uk
  // (National Domestic Abuse Helpline, run by Refuge). Emergency: 999.
  GB: {
    crisis: { name: 'Samaritans', phone: '116 123' },
    abuse: { name: 'National Domestic Abuse Helpline', phone: '0808 2000 247' },
    emergency: '999',
  },
  // Crisis: https://3114.fr (numéro national de prévention du suicide).
  // Abuse: https://arretonslesviolences.gouv.fr (3919 Violences Femmes Info). Emergency: 112.
  FR: {
    crisis: { name: '3114, prévention du suicide', phone: '3114' },
    abuse: { name: '3919 Violences Femmes Info', phone: '3919' },
    emergency: '112',
  },
  // Crisis: https://www.samaritans.org/ireland (Samaritans Ireland).
  // Abuse: https://www.womensaid.ie (Women's Aid National Freephone Helpline). Emergency: 112 or 999.
  IE: {
    crisis: { name: 'Samaritans', phone: '116 123' },
    abuse: { name: "Women's Aid", phone: '1800 341 900' },
    emergency: '112',
  },
  // Crisis: Ministry of Health and Welfare, https://www.mohw.go.kr (109, the national suicide prevention line
  // since January 2024). Abuse: https://www.women1366.kr (1366 women's emergency line). Emergency: 119.
  KR: {
    crisis: { name: '자살예방상담전화 (Suicide prevention line)', phone: '109' },
    abuse: { name: "여성긴급전화 (Women's emergency line)", phone: '1366' },
    emergency: '119',
  },
  // Crisis: https://988.ca (9-8-8 Suicide Crisis Helpline). Abuse lines differ by province: directory. Emergency: 911.
  CA: {
    crisis: { name: '9-8-8 Suicide Crisis Helpline', phone: '988' },
    abuse: null,
    emergency: '911',
  },
  // Crisis: https://www.lifeline.org.au (Lifeline). Abuse: https://www.1800respect.org.au (1800RESPECT).
  // Emergency: 000.
  AU: {
    crisis: { name: 'Lifeline', phone: '13 11 14' },
    abuse: { name: '1800RESPECT', phone: '1800 737 732' },
    emergency: '000',
  },
  // Crisis: https://cvv.org.br (Centro de Valorização da Vida, 188). Abuse: https://www.gov.br/mulheres
  // (Ligue 180, Central de Atendimento à Mulher). Emergency: 192 (SAMU).
  BR: {
    crisis: { name: 'CVV, Centro de Valorização da Vida', phone: '188' },
    abuse: { name: 'Ligue 180', phone: '180' },
    emergency: '192',
  },
  // Crisis: https://www.gob.mx/salud/conadic (Línea de la Vida). Abuse: directory. Emergency: 911.
  MX: {
    crisis: { name: 'Línea de la Vida', phone: '800 911 2000' },
    abuse: null,
    emergency: '911',
  },
  // Crisis: https://www.113.nl (113 Zelfmoordpreventie). Abuse: https://veiligthuis.nl (Veilig Thuis).
  // Emergency: 112.
  NL: {
    crisis: { name: '113 Zelfmoordpreventie', phone: '0800 0113' },
    abuse: { name: 'Veilig Thuis', phone: '0800 2000' },
    emergency: '112',
  },
};

/** ThroughLine's directory of verified helplines in over 130 countries: https://findahelpline.com */
const directory = { name: 'Find A Helpline', url: 'https://findahelpline.com' };

const countryName = (code: string) => countries.find((country) => country.code === code)?.name ?? code;

const toHelpline = (code: string, lines: CountryLines): Helpline => ({
  country: code,
  country_name: countryName(code),
  crisis: lines.crisis,
  abuse: lines.abuse,
  emergency: lines.emergency,
  directory,
});

export const internationalHelpline: Helpline = {
  country: 'INTL',
  country_name: 'Anywhere in the world',
  crisis: null,
  abuse: null,
  emergency: null,
  directory,
};

export const allHelplines = (): Helpline[] =>
  Object.entries(linesByCountry)
    .map(([code, lines]) => toHelpline(code, lines))
    .sort((a, b) => a.country_name.localeCompare(b.country_name, 'en'));

/** The row for a nationality (ISO alpha-2), or the international directory. */
export const helplineFor = (nationality: string | null | undefined): Helpline => {
  const code = nationality?.toUpperCase();
  const lines = code ? linesByCountry[code] : undefined;
  return code && lines ? toHelpline(code, lines) : internationalHelpline;
};
