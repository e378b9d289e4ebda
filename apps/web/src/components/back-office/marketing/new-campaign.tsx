'use client';

import { CampaignEditor } from './campaign-editor';
import { useRouter } from '@/i18n/navigation';

/** /staff/campaigns/new: the editor; a created campaign opens on its own page. */
export function NewCampaign() {
  const router = useRouter();
  return (
    <CampaignEditor
      onSaved={(campaign) => {
        if (campaign) router.push(`/staff/campaigns/${campaign.id}`);
      }}
      onCancel={() => router.push('/staff/campaigns')}
    />
  );
}
