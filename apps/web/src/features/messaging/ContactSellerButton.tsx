import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
import { useChatErrors } from './errors.ts';
import { conversationPath, openConversation } from './api.ts';

/** "Contact the seller" on a product page: opens (or finds) the conversation about this product. */
export function ContactSellerButton({
  base,
  sellerId,
  publicationId,
}: {
  base: string;
  sellerId: number;
  publicationId: number;
}) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const errorText = useChatErrors();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: () => openConversation(sellerId, publicationId),
    onSuccess: (conversation) => navigate(conversationPath(base, conversation.id)),
    onError: (e) => setError(errorText(e)),
  });
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={() => {
          setError(null);
          open.mutate();
        }}
        disabled={open.isPending}
        className="inline-flex items-center gap-2 rounded-lg border border-brand-800 px-5 py-2.5 font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-60"
      >
        <Icon name="mail" className="size-5" />
        {open.isPending ? t('contact.opening') : t('contact.button')}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
