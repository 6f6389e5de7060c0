import { useForm } from '@mantine/form';
import { contactMessages } from '#contract/contact.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { ContactFormPage } from './components/ContactFormPage.tsx';

export default function ContactPage() {
  const form = useForm({ initialValues: { name: '', email: '', message: '', website: '' } });
  return (
    <ContactFormPage
      title="Contact us"
      intro="A question, a story from the road, or simply hello: "
      form={form}
      send={useSendContactMessage()}
      sent={contactMessages.sent}
      failed={contactMessages.sendError}
      nameField={{ path: 'name', label: 'Name' }}
      messageLabel="Your Message"
      submitLabel="Send Message"
    />
  );
}
