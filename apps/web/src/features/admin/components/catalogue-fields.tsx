import { useId, useState } from 'react';
import {
  CATALOGUE_IMAGE_ACCEPT,
  CATALOGUE_IMAGE_BOXES,
  CATALOGUE_TEXTS,
  type AdminPerson,
  type CatalogueImageKind,
} from '@bosphorus/contract';
import { uploadUrl } from '../../../lib/uploads';
import { uploadImage, usePeople, useSavePerson } from '../api/catalogue-api';

// The Catalogue section's own fields (issue 17): an image uploaded once
// (previewed, then named in the form), and a title's cast picked from the
// people or added with a photo.

/** "2026-11-26T18:05" in the operator's time zone, as a datetime-local input shows it. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO time (the operator's zone), '' for none. */
export function isoOf(local: string): string {
  return local ? new Date(local).toISOString() : '';
}

/** An image field: the current picture, a file to upload (sent at once), its name kept in the form. */
export function ImageField({
  label,
  kind,
  value,
  onChange,
}: {
  label: string;
  kind: CatalogueImageKind;
  value: string;
  onChange: (file: string) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = CATALOGUE_IMAGE_BOXES[kind];
  return (
    <div className="catalogue__image">
      <span className="catalogue__image-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`catalogue__preview catalogue__preview--${kind}`}
        style={{ aspectRatio: `${box.width} / ${box.height}` }}
      >
        {value ? <img src={uploadUrl(value)} alt="" /> : <span className="console__none">—</span>}
      </div>
      <label className="btn btn--secondary catalogue__file">
        {busy ? '…' : CATALOGUE_TEXTS.uploadImage}
        <input
          type="file"
          accept={CATALOGUE_IMAGE_ACCEPT}
          aria-labelledby={`${id}-label`}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setBusy(true);
            setError(null);
            uploadImage(kind, file)
              .then((r) => onChange(r.file))
              .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
              .finally(() => setBusy(false));
          }}
        />
      </label>
      {value ? (
        <button type="button" className="btn btn--secondary" onClick={() => onChange('')}>
          {CATALOGUE_TEXTS.remove}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="console__outcome console__outcome--error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A title's cast in billing order: remove, move up, add from the people or a new person with a photo. */
export function CastPicker({ value, onChange }: { value: AdminPerson[]; onChange: (cast: AdminPerson[]) => void }) {
  const [q, setQ] = useState('');
  const people = usePeople(q);
  const save = useSavePerson();
  const [photo, setPhoto] = useState('');
  const add = (p: AdminPerson) => {
    if (!value.some((c) => c.id === p.id)) onChange([...value, p]);
  };
  return (
    <fieldset className="catalogue__cast">
      <legend>{CATALOGUE_TEXTS.cast}</legend>
      {value.length ? (
        <ol>
          {value.map((p, i) => (
            <li key={p.id}>
              {p.image ? <img src={uploadUrl(p.image)} alt="" width={32} height={32} /> : null}
              <span>{p.name}</span>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={i === 0}
                aria-label={`Move ${p.name} up`}
                onClick={() => onChange([...value.slice(0, i - 1), p, value[i - 1]!, ...value.slice(i + 1)])}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                aria-label={`${CATALOGUE_TEXTS.remove} ${p.name}`}
                onClick={() => onChange(value.filter((c) => c.id !== p.id))}
              >
                {CATALOGUE_TEXTS.remove}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="console__none">—</p>
      )}
      <label>
        {CATALOGUE_TEXTS.people}
        <input type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
      </label>
      {people.data?.people.length ? (
        <ul className="catalogue__people">
          {people.data.people.map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn--secondary" onClick={() => add(p)}>
                + {p.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {q.trim() ? (
        <div className="catalogue__new-person">
          <ImageField label={CATALOGUE_TEXTS.addPerson} kind="person" value={photo} onChange={setPhoto} />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { id: null, form: { name: q.trim(), image: photo } },
                {
                  onSuccess: (p) => {
                    add(p);
                    setQ('');
                    setPhoto('');
                  },
                },
              )
            }
          >
            {CATALOGUE_TEXTS.addPerson}: {q.trim()}
          </button>
          {save.isError ? (
            <p role="alert" className="console__outcome console__outcome--error">
              {save.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
