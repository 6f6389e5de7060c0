import { Checkbox, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactMessages, type InquiryType, inquiryTypes } from '#contract/contact.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { ContactFormPage } from './components/ContactFormPage.tsx';

export default function InquirePage() {
  const form = useForm({
    initialValues: { inquiryTypes: [] as InquiryType[], fullName: '', email: '', message: '', website: '' },
  });
  return (
    <ContactFormPage
      title="Inquire"
      intro="Tell us what brings you here and we will pass your note to the right person. "
      form={form}
      send={useSendContactMessage()}
      sent={contactMessages.submitted}
      failed={contactMessages.submitFailed}
      fieldsBefore={
        <Checkbox.Group
          label="What would you like to talk about?"
          description="Choose all that apply"
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          {...form.getInputProps('inquiryTypes')}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {inquiryTypes.map((type) => (
              <Checkbox key={type.value} value={type.value} label={type.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      }
      nameField={{ path: 'fullName', label: 'Full Name' }}
      messageLabel="Message"
      submitLabel="Submit"
    />
  );
}
