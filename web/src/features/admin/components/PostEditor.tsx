import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { adminMessages } from '#contract/admin.ts';
import { type AdminBlogPost, blogPostInput, coverImageTypes } from '#contract/blog.ts';
import { blogLimits, teaserOf } from '#contract/blog-terms.ts';
import { PostBody } from '#web/features/blog/index.ts';
import { formatLongDate } from '#web/shared/dates.ts';
import { formErrorsFrom } from '#web/shared/forms/form-errors.ts';
import { useFormSubmission } from '#web/shared/forms/use-form-submission.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { usePostForAdmin, useSavePost, useSetPublished, useUploadCover } from '../api/posts.ts';

interface Draft {
  title: string;
  author: string;
  teaser: string;
  body: string;
}

type Errors = Partial<Record<keyof Draft, string>>;

const emptyDraft: Draft = { title: '', author: '', teaser: '', body: '' };

const draftOf = (post: AdminBlogPost): Draft => ({
  title: post.title,
  author: post.author,
  teaser: post.written_teaser,
  body: post.body,
});

function Preview({ draft, post }: { draft: Draft; post: AdminBlogPost | undefined }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label="Preview">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600} c="gray.7" size="sm" tt="uppercase">
            Preview
          </Text>
          <Badge variant="light" color={post?.status === 'published' ? 'sage' : 'gray'}>
            {post?.status === 'published' ? 'Published' : 'Draft'}
          </Badge>
        </Group>
        {post?.image && <Image src={post.image} alt="" radius="md" />}
        <Title order={2}>{draft.title || 'Untitled'}</Title>
        <Text c="gray.7">
          {draft.author || 'Author'} · {formatLongDate(post?.published_at ?? new Date().toISOString())}
        </Text>
        <Text size="sm" fs="italic" c="gray.7" lineClamp={3}>
          {teaserOf(draft.teaser, draft.body)}
        </Text>
        <PostBody body={draft.body} />
      </Stack>
    </Card>
  );
}

export function PostEditor() {
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = usePostForAdmin(id);
  const save = useSavePost();
  const setPublished = useSetPublished();
  const uploadCover = useUploadCover();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const post = id ? existing.data : undefined;

  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data));
  }, [existing.data]);

  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [name]: value }));
    },
  });

  const submitSave = useFormSubmission(save, {
    form: { setFieldError: (field, message) => setErrors({ [field]: message }) },
    failed: adminMessages.saveFailed,
    tryAgain: 'Please try again.',
    succeeded: { title: adminMessages.saved },
    onSuccess: (saved) => {
      if (!id) navigate(`/admin/posts/${saved.id}`, { replace: true });
    },
  });

  const onSave = () => {
    const parsed = blogPostInput.safeParse(draft);
    if (!parsed.success) {
      setErrors(formErrorsFrom<keyof Draft>(parsed.error));
      return;
    }
    setErrors({});
    submitSave({ ...(id ? { id } : {}), post: parsed.data });
  };

  const onPublish = (published: boolean) => {
    if (!id) return;
    setPublished.mutate(
      { id, published },
      {
        onSuccess: () => toast('success', published ? adminMessages.published : adminMessages.unpublished),
        onError: (error) =>
          toast('error', adminMessages.saveFailed, errorMessage(error, 'Please try again.')),
      },
    );
  };

  const onCover = (file: File | null) => {
    if (!file || !id) return;
    uploadCover.mutate(
      { id, file },
      {
        onSuccess: () => toast('success', adminMessages.coverUploaded),
        onError: (error) => toast('error', 'Upload failed', errorMessage(error, 'Please try again.')),
      },
    );
  };

  if (id && existing.isPending) return <Loader aria-label="Loading the post" />;
  if (id && existing.isError) return <Alert color="red">{adminMessages.loadFailed}</Alert>;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button variant="subtle" component={Link} to="/admin/posts" leftSection={<IconArrowLeft size={16} />}>
          All posts
        </Button>
        <Group gap="xs">
          {id && (
            <FileButton onChange={onCover} accept={coverImageTypes.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={uploadCover.isPending}
                >
                  {post?.image ? 'Replace cover image' : 'Upload cover image'}
                </Button>
              )}
            </FileButton>
          )}
          {post && (
            <Button
              variant="light"
              onClick={() => onPublish(post.status !== 'published')}
              loading={setPublished.isPending}
            >
              {post.status === 'published' ? 'Unpublish' : 'Publish'}
            </Button>
          )}
          <Button onClick={onSave} loading={save.isPending}>
            {id ? 'Save changes' : 'Save draft'}
          </Button>
        </Group>
      </Group>
      <Title order={2}>{id ? 'Edit post' : 'New post'}</Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <TextInput label="Title" required maxLength={blogLimits.title} {...field('title')} />
            <TextInput label="Author" required maxLength={blogLimits.author} {...field('author')} />
            <Textarea
              label="Teaser"
              description="Shown on the blog's cards. Left empty, the first 150 characters of the body are used."
              maxLength={blogLimits.teaser}
              autosize
              minRows={2}
              {...field('teaser')}
            />
            <Textarea
              label="Body"
              description="Plain text. Leave a blank line between paragraphs."
              required
              maxLength={blogLimits.body}
              autosize
              minRows={12}
              {...field('body')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Preview draft={draft} post={post} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
