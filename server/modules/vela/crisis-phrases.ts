import type { CrisisLanguage } from '#contract/vela.ts';

/**
 * What a cry for help sounds like in each language pilgrims write in. Patterns read the text as
 * `normaliseForCrisis` leaves it: lower case, no accents, ß as ss, apostrophes and hyphens as spaces
 * ("j'ai" → "j ai", "matar-me" → "matar me", "don't" → "don t"), every run of . ! ? ; : , … as " . " so
 * `(?= \.|$)` is the end of a clause, and single spaces.
 *
 * Each pattern is a phrase with a first-person or wishing context, never a lone word that everyday talk
 * uses ("dying to see", "me muero de risa", "je meurs de faim"), except the words for suicide itself: a
 * pilgrim who names it at all is answered with care, since a missed cry costs more than a gentle reply
 * that was not needed. Hyperboles that do share a phrase ("quiero morir de risa") are excluded after it.
 *
 * `hints` are common words of the language; when phrases of several languages match ("suicidio" is
 * Spanish and Italian), the language with the most hints in the message is the one the reply speaks.
 * A new language is one more entry here, one in `crisis-replies.ts` and one in `crisisLanguages`.
 */
export interface CrisisPhrases {
  phrases: RegExp[];
  hints: string[];
}

export const crisisPhrases: Record<CrisisLanguage, CrisisPhrases> = {
  en: {
    phrases: [
      /\b(kill|killing|kills|hang|hanging|poison|poisoning|off) my ?self\b/,
      /\bsuicid(e|al)\b/,
      /\bself ?harm(s|ing|ed)?\b/,
      /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning|starve|starving) my ?self\b(?! (on|while|walking|hiking|shaving|cooking|slicing|chopping)\b| (when|as) i (fell|slipped|tripped|was)\b)/,
      /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self on purpose\b/,
      /\b(end|ending|take|taking) my (own )?life\b/,
      /\bend(ing)? it all\b/,
      /(?<!\b(don t|do not|dont|didn t|did not|never|not) )\b(want|wanna|wanted|wish|need) (to )?die\b(?! (of|from|laughing|for)\b)/,
      /\b(want|wanna|wish) to be dead\b/,
      /\bwish i (was|were|could be) dead\b/,
      /\bwish i (had never been|was never|were never) born\b/,
      /\bbetter off (dead|without me)\b/,
      /\b(don t|do not|dont|no longer|never) want to (live|be alive|exist)\b(?! (in|with|near|at|on|there|here|like that)\b)/,
      /\b(don t|do not|dont) want to (be here|wake up|go on)( anymore| any more| any longer| again)?(?= \.|$)/,
      /\bno (reason|point) (to|in) (live|living|go on|going on|be alive|being alive)\b/,
      /\bnothing (left )?to live for\b/,
      /\blife (is not|isn t|isnt) worth (living|it)\b/,
      /\bcan t go on( anymore| any more| any longer)?(?= \.|$)/,
      /\b(think|thinking|thought|thoughts) (about|of) (killing myself|ending (it|my life)|taking my (own )?life)\b/,
      /\boverdos(e|ing) on purpose\b/,
    ],
    hints: 'i me my the and to of a is am it that this want don t m not anymore life myself'.split(' '),
  },
  es: {
    phrases: [
      /(?<!\bno )\b(quiero|quisiera|deseo|necesito) morir(me)?\b(?! de (risa|hambre|sed|calor|frio|sueno|verguenza|ganas)\b)/,
      /(?<!\bno )\bme (quiero|quisiera) morir\b(?! de (risa|hambre|sed|calor|frio|sueno|verguenza|ganas)\b)/,
      /\bganas de morir(me)?\b(?! de (risa|hambre|sed|calor|frio|sueno|verguenza)\b)/,
      /\b(quiero|quisiera|voy a|pienso en|pensando en|pensado en|intentar|ganas de) (matarme|suicidarme|quitarme la vida|acabar con mi vida|hacerme dano|cortarme|lastimarme)\b/,
      /\bme (quiero|quisiera|voy a) (matar|suicidar|quitar la vida|hacer dano|cortar|lastimar)\b/,
      /\bsuicid(io|arme|arse|a|as)\b/,
      /\bquitarme la vida\b/,
      /\bacabar con (mi vida|todo)\b/,
      /\bno quiero (seguir |continuar |mas )?(vivir|viviendo|estar viv[oa]|existir)\b(?! (en|con|cerca|lejos|junto|aqui|alli)\b)/,
      /\bno (tengo|hay|veo|encuentro) (ninguna |ningun )?(razon|motivo|sentido) (para|de|a) (vivir|seguir viviendo)\b/,
      /\b(quiero|quisiera|preferiria) estar muert[oa]\b/,
      /\bojala (me muriera|estuviera muert[oa]|no despertara)\b/,
      /\bcortarme las venas\b/,
      /\b(me )?autolesi(on|ones|onarme|ono)\b/,
      /\bno aguanto mas(?= \.|$)/,
    ],
    hints: 'yo el la los que de en no quiero me mi y ya pienso mas estoy muy vida voy'.split(' '),
  },
  pt: {
    phrases: [
      /(?<!\bnao )\b(quero|queria|desejo) morrer\b(?! de (rir|fome|sede|calor|frio|sono|vergonha|saudade)\b)/,
      /\bvontade de morrer\b(?! de (rir|fome|sede|calor|frio|sono|vergonha|saudade)\b)/,
      /\b(quero|queria|vou|penso em|pensando em|pensei em|tentar|vontade de) (me matar|matar me|me suicidar|suicidar me|tirar a (minha )?(propria )?vida|acabar com a (minha )?vida|me machucar|machucar me|me cortar|cortar me|me ferir|ferir me)\b/,
      /\bsuicid(io|ar|a|as)\b/,
      /\bnao (quero|aguento) (mais )?(viver|continuar a viver|continuar vivendo|estar viv[oa]|existir)\b(?! (em|com|perto|longe|aqui|ali|no|na)\b)/,
      /\bnao aguento mais(?= \.|$)/,
      /\b(sem|nenhuma|nenhum|nao tenho) (razao|motivo) para viver\b/,
      /\bmelhor (estar|estaria|ficar) mort[oa]\b/,
      /\b(automutilacao|automutilar|autolesao)\b/,
    ],
    hints: 'eu o a que de em nao quero me meu minha e ja penso mais estou muito vida vou'.split(' '),
  },
  it: {
    phrases: [
      /(?<!\bnon )\b(voglio|vorrei|desidero) morire\b(?! (dal|dalle|di|per) (ridere|risate|fame|sete|caldo|freddo|sonno|vergogna)\b)/,
      /\bvoglia di morire\b(?! (dal|dalle|di|per) (ridere|risate|fame|sete|caldo|freddo|sonno|vergogna)\b)/,
      /\b(voglio|vorrei|sto per|penso di|pensando di|pensato di|voglia di) (uccidermi|ammazzarmi|suicidarmi|togliermi la vita|farla finita|farmi del male|tagliarmi|ferirmi)\b/,
      /\bmi (voglio|vorrei|vado a|sto per) (uccidere|ammazzare|suicidare|togliere la vita|fare del male|tagliare)\b/,
      /\bsuicid(io|armi|arsi|a|i)\b/,
      /\bnon (voglio|ho voglia di) (piu )?vivere\b(?! (a|in|con|qui|li|vicino|lontano)\b)/,
      /\bnon ho (piu )?(voglia|ragione|motivo|motivi) (di|per) vivere\b/,
      /\b(nessun|nessuna) (motivo|ragione) (di|per) vivere\b/,
      /\bmeglio (se fossi|essere) mort[oa]\b/,
      /\bautolesion(ismo|ista|i)\b/,
    ],
    hints: 'io il la che di non voglio mi e gia penso piu sono molto al vita ho'.split(' '),
  },
  de: {
    phrases: [
      /\b(will|mochte|moechte|mag|wurde gern|wuerde gern) (so |einfach |eigentlich )?(nicht mehr|nie mehr|nimmer) leben\b/,
      /\b(will|mochte|moechte|wurde gern|wuerde gern|wurde lieber|wuerde lieber) (einfach )?(nur )?sterben\b/,
      /\bbring(e)? mich um\b/,
      /\bmich (umbringen|umzubringen|toten|zu toten|selbst verletzen|verletzen|ritzen|aufhangen|aufhaengen)\b/,
      /\britze mich\b/,
      /\b(suizid|selbstmord)\w*\b/,
      /\bmir (das leben|etwas|was) (zu )?(nehmen|antun)\b/,
      /\b(will|mochte|moechte) (nicht mehr|nie mehr|nie wieder) (aufwachen|da sein|hier sein)\b/,
      /\b(will|mochte|moechte) tot sein\b/,
      /\bware? (lieber|besser) tot\b/,
      /\bkeinen (sinn|grund) mehr (zu leben|zum leben)\b/,
      /\b(meinem leben|allem) ein ende (machen|setzen|zu machen|zu setzen)\b/,
      /\bselbstverletz\w*\b/,
    ],
    hints: 'ich der die das und nicht mich mir will mehr bin an zu ein mein leben'.split(' '),
  },
  fr: {
    phrases: [
      /\b(veux|voudrais|aimerais|souhaite) (mourir|crever|disparaitre)\b(?! de (rire|faim|soif|chaud|froid|fatigue|honte|ennui)\b)/,
      /\benvie de (mourir|crever)\b(?! de (rire|faim|soif|chaud|froid|fatigue|honte|ennui)\b)/,
      /\b(veux|voudrais|vais|pense a|envie de|aimerais|compte) (me (suicider|tuer|foutre en l air|faire du mal|scarifier|ouvrir les veines)|mettre fin a (mes jours|ma vie))\b/,
      /\bme suicider\b/,
      /\bsuicid(e|er|es|aire|aires)\b/,
      /\b(veux|voudrais|vais|pense a|envie d|aimerais) en finir(?= \.|$| avec (la vie|ma vie|tout|moi|mes jours)\b)/,
      /\b(ne veux plus|veux plus|n ai plus envie de|ai plus envie de|plus envie de|ne supporte plus de) vivre\b(?! (a|en|ici|avec|dans|chez|pres|loin)\b)/,
      /\b(aucune|pas de|plus de|plus aucune) raison de vivre\b/,
      /\bmettre fin a (mes jours|ma vie)\b/,
      /\bje me (scarifie|mutile|fais du mal)\b/,
      /\bidees (noires|suicidaires)\b/,
    ],
    hints: 'je j le la et de pas ne me veux plus suis au en vie ai envie'.split(' '),
  },
};
