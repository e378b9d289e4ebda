'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { Link, useRouter } from '@/i18n/navigation';
import { articlesApi, bonusInfosApi, pageMetadataApi, slidesApi } from '@/lib/back-office/content-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ContentEditor } from './content-editor';
import layout from './content.module.css';
import {
  articleSpec,
  bonusInfoSpec,
  pageMetadataSpec,
  slideSpec,
  type EditorSpec,
  type EditorValues,
} from './editor-specs';

type ItemScreenProps<Item, Body> = {
  lng: Locale;
  /** The stored item's id; null for a new one. */
  id: number | null;
  /** The list's address: where "back" and a deletion lead. */
  listHref: string;
  spec: EditorSpec<Item, Body>;
  load: (id: number) => Promise<Item>;
  save: (id: number | null, body: Body) => Promise<{ id: number }>;
  remove: (id: number) => Promise<unknown>;
  /** Whether the member's roles allow changing this kind. */
  canEdit: boolean;
  /** Values a new item starts with (a banner's slider). */
  preset?: EditorValues;
};

/**
 * One item of a content kind: loaded, then edited in place. A new item, once created, is shown at its own address, so
 * the next save replaces it instead of adding another.
 */
function ItemScreen<Item, Body>({
  lng,
  id,
  listHref,
  spec,
  load,
  save,
  remove,
  canEdit,
  preset,
}: ItemScreenProps<Item, Body>) {
  const t = useTranslations('boContent');
  const router = useRouter();
  const { data, error, mutate } = useSWR(
    id === null ? null : ['bo-content-item', listHref, id, lng],
    () => load(id!),
    SWR_OPTIONS,
  );

  if (id !== null && error && !data) {
    return (
      <LoadError message={t('editor.loadFailed')} retryLabel={t('translations.retry')} onRetry={() => void mutate()} />
    );
  }
  if (id !== null && !data) return <p className={layout.hint}>{t('translations.loading')}</p>;

  return (
    <div className={layout.panel}>
      {canEdit ? null : <p className={layout.hint}>{t('list.readOnly')}</p>}
      <ContentEditor
        key={id ?? 'new'}
        spec={spec}
        item={id === null ? null : (data ?? null)}
        preset={id === null ? preset : undefined}
        readOnly={!canEdit}
        submitLabel={id === null ? t('editor.create') : t('editor.save')}
        savedMessage={t('editor.saved')}
        onSave={async (body) => {
          const stored = await save(id, body);
          if (id === null) router.replace(`${listHref}/${stored.id}`);
          else await mutate();
        }}
        onDelete={
          id === null
            ? undefined
            : async () => {
                await remove(id);
                router.push(listHref);
              }
        }
      />
      <p>
        <Link href={listHref}>{t('editor.back')}</Link>
      </p>
    </div>
  );
}

type ScreenProps = { lng: Locale; id: number | null; listHref: string; canEdit: boolean };

export function SlideScreen({ kind, ...props }: ScreenProps & { kind: 'home' | 'banner' }) {
  return (
    <ItemScreen
      {...props}
      spec={slideSpec}
      preset={{ kind }}
      load={(id) => slidesApi.get(props.lng, id)}
      save={(id, body) => slidesApi.save(props.lng, id, body)}
      remove={(id) => slidesApi.remove(props.lng, id)}
    />
  );
}

export function BonusInfoScreen(props: ScreenProps) {
  return (
    <ItemScreen
      {...props}
      spec={bonusInfoSpec}
      load={(id) => bonusInfosApi.get(props.lng, id)}
      save={(id, body) => bonusInfosApi.save(props.lng, id, body)}
      remove={(id) => bonusInfosApi.remove(props.lng, id)}
    />
  );
}

export function ArticleScreen(props: ScreenProps) {
  return (
    <ItemScreen
      {...props}
      spec={articleSpec}
      load={(id) => articlesApi.get(props.lng, id)}
      save={(id, body) => articlesApi.save(props.lng, id, body)}
      remove={(id) => articlesApi.remove(props.lng, id)}
    />
  );
}

export function PageMetadataScreen(props: ScreenProps) {
  return (
    <ItemScreen
      {...props}
      spec={pageMetadataSpec}
      load={(id) => pageMetadataApi.get(props.lng, id)}
      save={(id, body) => pageMetadataApi.save(props.lng, id, body)}
      remove={(id) => pageMetadataApi.remove(props.lng, id)}
    />
  );
}
