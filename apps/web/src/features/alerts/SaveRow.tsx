import { useMessages } from '../../lib/messages.ts';
import { ApiAnswerError } from '../../lib/queries.ts';

/**
 * The end of an alert settings form (e-mail settings, a parcel's rules): the save error if any (the answer's
 * error code, else the transport failure, in the visitor's language), then the save button (busy while saving)
 * beside a status line that says when it was saved.
 */
export function SaveRow({
  error,
  pending,
  saved,
  labels,
}: {
  error: unknown;
  pending: boolean;
  saved: boolean;
  labels: { save: string; saving: string; saved: string };
}) {
  const { errorMessage, failureMessage } = useMessages();
  const text = error ? (error instanceof ApiAnswerError ? errorMessage(error.code) : failureMessage(error)) : null;
  return (
    <>
      {text ? (
        <p role="alert" className="text-sm text-red-800">
          {text}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white disabled:opacity-50"
        >
          {pending ? labels.saving : labels.save}
        </button>
        <p role="status" className="text-sm text-brand-800">
          {saved ? labels.saved : ''}
        </p>
      </div>
    </>
  );
}
