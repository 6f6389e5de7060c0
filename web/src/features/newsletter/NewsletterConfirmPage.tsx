import { newsletterMessages } from '#contract/newsletter.ts';
import { useConfirmSubscription } from './api/confirm.ts';
import { TokenActionPage } from './components/TokenActionPage.tsx';

export default function NewsletterConfirmPage() {
  const confirm = useConfirmSubscription();
  return (
    <TokenActionPage
      title={newsletterMessages.confirmTitle}
      explanation="Press the button to start receiving occasional letters from Pilgrim Soul."
      action="Confirm my subscription"
      done={newsletterMessages.confirmed}
      failure={newsletterMessages.confirmInvalid}
      mutation={confirm}
    />
  );
}
