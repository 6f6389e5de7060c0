import { newsletterMessages } from '#contract/newsletter.ts';
import { useUnsubscribe } from './api/unsubscribe.ts';
import { TokenActionPage } from './components/TokenActionPage.tsx';

export default function NewsletterUnsubscribePage() {
  const unsubscribe = useUnsubscribe();
  return (
    <TokenActionPage
      title={newsletterMessages.unsubscribeTitle}
      explanation="Press the button and we will stop writing to you. You can subscribe again at any time."
      action="Unsubscribe"
      done={newsletterMessages.unsubscribed}
      failure={newsletterMessages.unsubscribeInvalid}
      mutation={unsubscribe}
    />
  );
}
