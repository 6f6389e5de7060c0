import { describe, expect, it } from 'vitest';
import { type CrisisLanguage, SAFETY_REPLY, safetyGroupOf } from '#contract/vela.ts';
import { crisisAnswer, crisisLanguageOf, normaliseForCrisis } from './crisis.ts';

const cries: Record<CrisisLanguage, string[]> = {
  en: [
    'I want to die',
    'i wanna die',
    'I want to kill myself',
    'I’m going to kill myself tonight',
    'sometimes I think about suicide',
    'I have been feeling suicidal since I came home',
    'I want to end my life',
    'Since I came home I want to end my life',
    'I want to take my own life',
    "I don't want to live anymore",
    'I dont want to be alive',
    'I DON’T WANT TO LIVE ANY MORE!!!',
    'there is no reason to live',
    'I have nothing to live for',
    'I keep hurting myself',
    'I hurt myself on purpose last night',
    'I want to hurt myself',
    'I started self-harming again',
    'self harm',
    'I’ve been cutting myself',
    'I cut myself again.',
    'I would be better off dead',
    'everyone would be better off without me',
    'I wish I was dead',
    'I just want to end it all',
    'I can’t go on anymore.',
    'I keep thinking about ending my life',
    'life isn’t worth living',
  ],
  es: [
    'quiero morir',
    'Quiero morirme',
    'me quiero morir',
    'Ya no quiero vivir',
    'quiero suicidarme',
    'quiero matarme',
    'me quiero matar',
    'me voy a suicidar',
    'me voy a matar',
    'pienso en suicidarme',
    'Pienso en el suicidio todos los días',
    'no quiero seguir viviendo',
    'No aguanto más.',
    'no aguanto mas',
    'tengo ganas de morirme',
    'quiero quitarme la vida',
    'no tengo ninguna razón para vivir',
    'quisiera estar muerta',
    'quiero hacerme daño',
    'QUIERO MORIR',
    'quiero   morir!!!',
  ],
  pt: [
    'quero morrer',
    'Eu quero morrer',
    'quero me matar',
    'quero matar-me',
    'vou me matar',
    'penso em suicídio',
    'penso em suicidio',
    'não quero mais viver',
    'nao quero viver mais',
    'tenho vontade de morrer',
    'não aguento mais',
    'quero me suicidar',
    'quero tirar a minha própria vida',
    'não tenho razão para viver',
  ],
  it: [
    'voglio morire',
    'Vorrei morire',
    'voglio uccidermi',
    'mi voglio ammazzare',
    'mi voglio uccidere',
    'voglio suicidarmi',
    'penso al suicidio',
    'non voglio più vivere',
    'non voglio piu vivere',
    'non ho più voglia di vivere',
    'voglio farla finita',
    'voglio togliermi la vita',
    'voglio farmi del male',
  ],
  de: [
    'ich will nicht mehr leben',
    'Ich möchte nicht mehr leben',
    'ich moechte nicht mehr leben',
    'ich will sterben',
    'Ich möchte sterben',
    'ich bringe mich um',
    'ich bring mich um',
    'ich möchte mich umbringen',
    'ich denke daran, mich umzubringen',
    'Suizid',
    'ich habe Suizidgedanken',
    'ich denke an Selbstmord',
    'ich will mir das Leben nehmen',
    'ich will mir etwas antun',
    'ich wäre lieber tot',
    'ich ritze mich',
    'ICH WILL STERBEN',
  ],
  fr: [
    'je veux mourir',
    'Je veux mourir.',
    "j'ai envie de me suicider",
    'j’ai envie de me suicider',
    'jai envie de mourir',
    'je veux en finir',
    'je veux en finir avec la vie',
    'je vais me tuer',
    'me suicider',
    'je pense au suicide',
    'je ne veux plus vivre',
    "je n'ai plus envie de vivre",
    'je veux mettre fin à mes jours',
    "j'ai des idées suicidaires",
    'je me fais du mal',
    'Je voudrais mourir',
  ],
};

const everydayTalk = [
  'this hike is killing me',
  'my feet are killing me',
  "I'd die for a coffee",
  'I could die for a coffee right now',
  'I am dying to go back to Santiago',
  'I felt dead tired after 30 km',
  'I hurt myself on the descent into Molinaseca',
  'I cut myself shaving',
  'I cut my finger slicing bread',
  'the death of my father',
  'My father died last year and I walked for him',
  'I read about the people who died on the Camino',
  "I don't want to die before I walk the Primitivo",
  'I wanted to give up but kept walking',
  'my life changed on the way',
  'I want to live in Galicia one day',
  'me muero de risa',
  'muero de hambre',
  'me muero de hambre',
  'me muero por un café',
  'quiero morir de risa con estas fotos',
  'no quiero morir sin volver a Santiago',
  'no aguanto más el calor de la meseta',
  'no quiero vivir en Madrid',
  'je meurs de faim',
  'je suis mort de fatigue',
  'je veux en finir avec ce chapitre de ma vie',
  'je ne veux plus vivre à Paris',
  'ich sterbe vor Hunger',
  'ich habe mich am Knie verletzt',
  'ich möchte nicht mehr in Berlin leben',
  'ich will nicht sterben',
  'muoio di fame',
  'voglio morire dal ridere',
  'non voglio vivere a Roma',
  'estou morrendo de fome',
  'morri de rir',
  'não quero morrer',
  'o caminho mudou a minha vida',
];

describe('the crisis check', () => {
  for (const [language, phrases] of Object.entries(cries)) {
    for (const phrase of phrases) {
      it(`hears "${phrase}" as a cry for help in ${language}`, () => {
        expect(crisisLanguageOf(phrase)).toBe(language);
      });
    }
  }

  for (const phrase of everydayTalk) {
    it(`lets "${phrase}" through`, () => {
      expect(crisisLanguageOf(phrase)).toBeNull();
    });
  }

  it('reads accents, case, apostrophes and punctuation alike', () => {
    expect(normaliseForCrisis('  J’AI   envie de mourir... Vraiment!')).toBe(
      'j ai envie de mourir . vraiment .',
    );
    expect(normaliseForCrisis('Ich möchte nicht mehr leben, weißt du')).toBe(
      'ich mochte nicht mehr leben . weisst du',
    );
    expect(normaliseForCrisis('Quero matar-me')).toBe('quero matar me');
  });

  it('leaves self-harm out of the groups that get the rebuke', () => {
    for (const phrases of Object.values(cries))
      for (const phrase of phrases) expect(safetyGroupOf(phrase), phrase).toBeNull();
  });
});

describe('the crisis reply', () => {
  it('speaks the pilgrim’s language, with the line of their country', () => {
    const spanish = crisisAnswer('es', 'ES');
    expect(spanish.safety).toBe('selfHarm');
    expect(spanish.generated_text).toMatch(/^Me alegra mucho que me lo hayas contado\. Tu vida importa/);
    expect(spanish.generated_text).toContain(
      'Puedes llamar a Línea 024 de atención a la conducta suicida: 024 (España).',
    );
    expect(spanish.generated_text).toContain('Si estás en peligro, llama al 112.');
    expect(spanish.generated_text).toContain('https://findahelpline.com');
    expect(spanish.helpline).toMatchObject({ country: 'ES', crisis: { phone: '024' } });

    const french = crisisAnswer('fr', 'FR').generated_text;
    expect(french).toContain('Vous pouvez appeler 3114, prévention du suicide au 3114 (France).');
    const german = crisisAnswer('de', 'DE').generated_text;
    expect(german).toContain('Du erreichst TelefonSeelsorge unter 0800 111 0 111 (Deutschland).');
    const italian = crisisAnswer('it', 'IT').generated_text;
    expect(italian).toContain('Puoi chiamare Telefono Amico Italia al 02 2327 2327 (Italia).');
    const portuguese = crisisAnswer('pt', 'PT').generated_text;
    expect(portuguese).toContain(
      'Pode ligar para SNS 24 (aconselhamento psicológico): 808 24 24 24 (Portugal).',
    );
  });

  it('gives the line of the pilgrim’s country in the language they wrote in', () => {
    const answer = crisisAnswer('es', 'US');
    expect(answer.generated_text).toContain('988 Suicide & Crisis Lifeline: 988 (Estados Unidos)');
    expect(answer.generated_text).toContain('llama al 911');
  });

  it('falls back to the language’s home country, then to the directory and 112/911', () => {
    expect(crisisAnswer('it', null).helpline?.country).toBe('IT');
    const english = crisisAnswer('en', null);
    expect(english.helpline?.country).toBe('INTL');
    expect(english.generated_text).toContain('112 in Europe, 911 in North America');
    expect(english.generated_text).toContain('Find A Helpline (https://findahelpline.com)');
    expect(crisisAnswer('de', 'AQ').helpline?.country).toBe('INTL');
  });

  it('is never the rebuke, and ends by keeping the conversation open', () => {
    for (const language of ['en', 'es', 'pt', 'it', 'de', 'fr'] as const) {
      const text = crisisAnswer(language, null).generated_text;
      expect(text).not.toContain(SAFETY_REPLY);
      expect(text).toMatch(/[.!]$/);
    }
    expect(crisisAnswer('en', 'GB').generated_text).toMatch(
      /I am still here, and you can keep writing to me\.$/,
    );
  });
});
