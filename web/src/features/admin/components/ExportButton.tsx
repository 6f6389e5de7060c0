import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { adminMessages } from '#contract/admin.ts';
import { downloadFile } from '#web/shared/download.ts';
import { toast } from '#web/shared/toast.ts';

export function ExportButton({ path, filename, label }: { path: string; filename: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(path, filename);
    } catch {
      toast('error', adminMessages.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconDownload size={16} />} onClick={exportCsv} loading={busy}>
      {label}
    </Button>
  );
}
