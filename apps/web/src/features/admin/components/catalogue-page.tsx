import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CATALOGUE_TEXTS,
  PROMOTION_COLORS,
  SERIES_STATUSES,
  type AdminEpisode,
  type AdminMovie,
  type AdminPerson,
  type AdminPromotion,
  type AdminSeason,
  type AdminSeries,
} from '@bosphorus/contract';
import {
  useFrame,
  useGenres,
  usePromotions,
  usePublishEpisode,
  useRemove,
  useSaveEpisode,
  useSavePromotion,
  useSaveSeason,
  useSaveTitle,
  useTitle,
  useTitles,
  type FormValues,
  type TitleKind,
} from '../api/catalogue-api';
import { CastPicker, ImageField, isoOf, localInput } from './catalogue-fields';
import { ConfirmButton, ConsoleTable, Loaded, Outcome, SidePanel, When } from './console-ui';
import './catalogue.css';

// The console's Catalogue section (issue 17, decision 0088): find a title;
// create and edit movies and series with every field the site shows; a
// series' seasons and episodes, each episode scheduled or published now;
// images uploaded once; removals asked in place; links to the Media and
// Subtitles pages of a movie or an episode.

type Open = { kind: TitleKind; id: number | null };

const mediaLinks = (type: 'movie' | 'episode', id: number, title: string) => (
  <>
    <Link
      className="btn btn--secondary"
      to={`/admin/media?type=${type}&id=${id}`}
      aria-label={`${CATALOGUE_TEXTS.media}: ${title}`}
    >
      {CATALOGUE_TEXTS.media}
    </Link>
    <Link
      className="btn btn--secondary"
      to={`/admin/subtitles?type=${type}&id=${id}`}
      aria-label={`${CATALOGUE_TEXTS.subtitles}: ${title}`}
    >
      {CATALOGUE_TEXTS.subtitles}
    </Link>
  </>
);

function TitleForm({
  kind,
  title,
  onSaved,
}: {
  kind: TitleKind;
  title: AdminMovie | AdminSeries | null;
  onSaved: (saved: AdminMovie | AdminSeries) => void;
}) {
  const genres = useGenres();
  const save = useSaveTitle();
  const [values, setValues] = useState<FormValues>(() => ({
    title: title?.title ?? '',
    original_title: title?.original_title ?? '',
    alt_titles: title?.alt_titles.join('\n') ?? '',
    description: title?.description ?? '',
    year: String(title?.year ?? new Date().getFullYear()),
    trailer: title?.trailer ?? '',
    published: title ? String(title.published) : 'false',
    featured_rank: title?.featured_rank === null || !title ? '' : String(title.featured_rank),
    popularity: String(title?.popularity ?? 0),
    ...(kind === 'series'
      ? { status: (title as AdminSeries | null)?.status ?? 'ongoing' }
      : { duration_minutes: String((title as AdminMovie | null)?.duration_minutes ?? 0) }),
  }));
  const [image, setImage] = useState(title?.image ?? '');
  const [cover, setCover] = useState(title?.cover ?? '');
  const [picked, setPicked] = useState<number[]>(title?.genres.map((g) => g.id) ?? []);
  const [cast, setCast] = useState<AdminPerson[]>(title?.cast ?? []);
  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={values[name] ?? ''} onChange={set(name)} {...props} />
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        kind,
        id: title?.id ?? null,
        form: { ...values, image, cover, genres: picked.join(','), cast: cast.map((p) => p.id).join(',') },
      },
      { onSuccess: onSaved },
    );
  };
  return (
    <form className="console__form catalogue__form" onSubmit={submit}>
      {field('title', 'Title', { required: true, maxLength: 300 })}
      {field('original_title', 'Original title', { required: true, maxLength: 300 })}
      <label>
        Other titles (one a line)
        <textarea name="alt_titles" rows={2} value={values.alt_titles} onChange={set('alt_titles')} />
      </label>
      <label>
        Description
        <textarea
          name="description"
          rows={5}
          maxLength={5000}
          value={values.description}
          onChange={set('description')}
        />
      </label>
      <div className="catalogue__row">
        {field('year', 'Year', { type: 'number', min: 1900, max: 2100, required: true })}
        {kind === 'series' ? (
          <label>
            Status
            <select name="status" value={values.status} onChange={set('status')}>
              {SERIES_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s === 'ongoing' ? 'Ongoing' : 'Ended'}
                </option>
              ))}
            </select>
          </label>
        ) : (
          field('duration_minutes', 'Length (minutes)', { type: 'number', min: 0, max: 1000 })
        )}
      </div>
      <fieldset className="catalogue__genres">
        <legend>Genres</legend>
        {genres.data?.genres.map((g) => (
          <label key={g.id} className="catalogue__check">
            <input
              type="checkbox"
              checked={picked.includes(g.id)}
              onChange={(e) => setPicked((p) => (e.target.checked ? [...p, g.id] : p.filter((x) => x !== g.id)))}
            />
            {g.title}
          </label>
        ))}
      </fieldset>
      <CastPicker value={cast} onChange={setCast} />
      <div className="catalogue__images">
        <ImageField label="Poster" kind="poster" value={image} onChange={setImage} />
        <ImageField label="Cover" kind="cover" value={cover} onChange={setCover} />
      </div>
      {field('trailer', 'Trailer link', {
        type: 'url',
        maxLength: 500,
        placeholder: 'https://www.youtube.com/watch?v=…',
      })}
      <div className="catalogue__row">
        {field('featured_rank', 'Featured (hero slider place, empty: not)', { type: 'number', min: 1, max: 1000 })}
        {field('popularity', 'Popularity (Top order)', { type: 'number', min: 0 })}
      </div>
      <label className="catalogue__check">
        <input
          type="checkbox"
          name="published"
          checked={values.published === 'true'}
          onChange={(e) => setValues((v) => ({ ...v, published: String(e.target.checked) }))}
        />
        {CATALOGUE_TEXTS.published}
      </label>
      {title ? (
        <p className="console__hint">Rating shown: {CATALOGUE_TEXTS.ratingShown(title.avg_rating, title.reviews)}</p>
      ) : null}
      <div className="console__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {CATALOGUE_TEXTS.save}
        </button>
      </div>
      <Outcome text={save.isError ? save.error.message : null} error={save.isError} />
    </form>
  );
}

function EpisodeForm({
  season,
  episode,
  onDone,
}: {
  season: AdminSeason;
  episode: AdminEpisode | null;
  onDone: () => void;
}) {
  const save = useSaveEpisode();
  const next = Math.max(0, ...season.episodes.map((e) => e.episode_number)) + 1;
  const [values, setValues] = useState<FormValues>({
    episode_number: String(episode?.episode_number ?? next),
    title: episode?.title ?? `Bölüm ${next}`,
    duration_minutes: String(episode?.duration_minutes ?? 0),
    publish_at: episode && !episode.out ? localInput(episode.publish_at) : '',
  });
  const [image, setImage] = useState(episode?.image ?? '');
  const [finale, setFinale] = useState(episode?.season_finale ?? false);
  const [now, setNow] = useState(false);
  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  return (
    <form
      className="console__form catalogue__episode-form"
      aria-label={episode ? `Edit ${episode.title}` : CATALOGUE_TEXTS.addEpisode}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            seasonId: season.id,
            id: episode?.id ?? null,
            form: {
              ...values,
              publish_at: now ? '' : isoOf(values.publish_at ?? ''),
              publish_now: String(now),
              season_finale: String(finale),
              image,
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="catalogue__row">
        <label>
          Number
          <input
            type="number"
            min={1}
            max={9999}
            required
            value={values.episode_number}
            onChange={set('episode_number')}
          />
        </label>
        <label>
          Title
          <input required maxLength={300} value={values.title} onChange={set('title')} />
        </label>
        <label>
          Length (minutes)
          <input type="number" min={0} max={1000} value={values.duration_minutes} onChange={set('duration_minutes')} />
        </label>
      </div>
      <ImageField label="Still" kind="still" value={image} onChange={setImage} />
      <div className="catalogue__row">
        <label>
          Comes out at (your time)
          <input
            type="datetime-local"
            value={values.publish_at}
            disabled={now}
            onChange={set('publish_at')}
            required={!now && !episode}
          />
        </label>
        <label className="catalogue__check">
          <input type="checkbox" checked={now} onChange={(e) => setNow(e.target.checked)} />
          {CATALOGUE_TEXTS.publishNow}
        </label>
        <label className="catalogue__check">
          <input type="checkbox" checked={finale} onChange={(e) => setFinale(e.target.checked)} />
          Season finale
        </label>
      </div>
      <div className="console__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {CATALOGUE_TEXTS.save}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      <Outcome text={save.isError ? save.error.message : null} error={save.isError} />
    </form>
  );
}

function SeasonBlock({ season, seriesId }: { season: AdminSeason; seriesId: number }) {
  const [editing, setEditing] = useState<AdminEpisode | 'new' | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(season.title);
  const [number, setNumber] = useState(String(season.season_number));
  const saveSeason = useSaveSeason();
  const publish = usePublishEpisode();
  const remove = useRemove();
  const frame = useFrame();
  const outcome = publish.data?.message ?? remove.data?.message ?? null;
  const failure = publish.error ?? remove.error ?? frame.error ?? saveSeason.error;
  return (
    <section className="catalogue__season" aria-label={season.title}>
      <div className="console__section-head">
        <h3>{season.title}</h3>
        <div className="console__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setRenaming((r) => !r)}>
            Edit season
          </button>
          <ConfirmButton
            label={`${CATALOGUE_TEXTS.remove} ${season.title}`}
            question={CATALOGUE_TEXTS.confirmRemove(season.title)}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(`seasons/${season.id}`)}
          />
        </div>
      </div>
      {renaming ? (
        <form
          className="console__inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            saveSeason.mutate(
              { seriesId, id: season.id, form: { season_number: number, title: name } },
              { onSuccess: () => setRenaming(false) },
            );
          }}
        >
          <label>
            Number
            <input type="number" min={1} value={number} onChange={(e) => setNumber(e.target.value)} />
          </label>
          <label>
            Title
            <input className="catalogue__wide" value={name} required onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--secondary">
            {CATALOGUE_TEXTS.save}
          </button>
        </form>
      ) : null}
      {season.episodes.length ? (
        <ConsoleTable
          small
          actions
          columns={['#', 'Title', 'Comes out', 'Video']}
          label={`${CATALOGUE_TEXTS.episodes}: ${season.title}`}
        >
          {season.episodes.map((e) => (
            <tr key={e.id}>
              <td>{e.episode_number}</td>
              <td>
                {e.title}
                {e.season_finale ? <span className="console__badge">finale</span> : null}
              </td>
              <td>
                {e.out ? (
                  <span className="console__badge">{CATALOGUE_TEXTS.out}</span>
                ) : (
                  <>
                    <span className="console__badge console__badge--new">Scheduled</span> <When at={e.publish_at} />
                  </>
                )}
              </td>
              <td>
                {e.playable ? (
                  CATALOGUE_TEXTS.playable
                ) : (
                  <span className="console__none">{CATALOGUE_TEXTS.noMedia}</span>
                )}
              </td>
              <td className="console-table__actions">
                <div className="catalogue__episode-actions">
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`Edit ${e.title}`}
                    onClick={() => setEditing(e)}
                  >
                    Edit
                  </button>
                  {!e.out ? (
                    <button
                      type="button"
                      className="btn btn--primary"
                      aria-label={`${CATALOGUE_TEXTS.publishNow}: ${e.title}`}
                      disabled={publish.isPending}
                      onClick={() => publish.mutate(e.id)}
                    >
                      {CATALOGUE_TEXTS.publishNow}
                    </button>
                  ) : null}
                  {e.has_frame && !e.image ? (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => frame.mutate({ type: 'episode', id: e.id })}
                    >
                      {CATALOGUE_TEXTS.useFrame}
                    </button>
                  ) : null}
                  {mediaLinks('episode', e.id, e.title)}
                  <ConfirmButton
                    label={CATALOGUE_TEXTS.remove}
                    question={CATALOGUE_TEXTS.confirmRemove(`'${e.title}'`)}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(`episodes/${e.id}`)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      {editing ? (
        <EpisodeForm
          key={editing === 'new' ? 'new' : editing.id}
          season={season}
          episode={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => setEditing('new')}>
          {CATALOGUE_TEXTS.addEpisode}
        </button>
      )}
      <Outcome text={failure ? failure.message : outcome} error={failure !== null} />
    </section>
  );
}

function Seasons({ series }: { series: AdminSeries }) {
  const save = useSaveSeason();
  const next = Math.max(0, ...series.seasons.map((s) => s.season_number)) + 1;
  return (
    <section className="catalogue__seasons" aria-label={CATALOGUE_TEXTS.seasons}>
      <h2>{CATALOGUE_TEXTS.seasons}</h2>
      {series.seasons.map((s) => (
        <SeasonBlock key={s.id} season={s} seriesId={series.id} />
      ))}
      <button
        type="button"
        className="btn btn--secondary"
        disabled={save.isPending}
        onClick={() =>
          save.mutate({ seriesId: series.id, id: null, form: { season_number: String(next), title: `Sezon ${next}` } })
        }
      >
        {CATALOGUE_TEXTS.addSeason}
      </button>
      <Outcome text={save.isError ? save.error.message : null} error={save.isError} />
    </section>
  );
}

function TitlePanel({ open, onOpen, onClose }: { open: Open; onOpen: (o: Open) => void; onClose: () => void }) {
  const title = useTitle(open.kind, open.id);
  const remove = useRemove();
  const frame = useFrame();
  // Kept here: a new title's form is replaced by the saved title's.
  const [notice, setNotice] = useState<string | null>(null);
  const kindName = open.kind === 'movie' ? CATALOGUE_TEXTS.movie : CATALOGUE_TEXTS.series;
  const heading =
    open.id === null
      ? open.kind === 'movie'
        ? CATALOGUE_TEXTS.newMovie
        : CATALOGUE_TEXTS.newSeries
      : (title.data?.title ?? kindName);
  const body = (data: AdminMovie | AdminSeries | null) => (
    <>
      <TitleForm
        key={data?.id ?? 'new'}
        kind={open.kind}
        title={data}
        onSaved={(saved) => {
          setNotice(CATALOGUE_TEXTS.saved(saved.title));
          onOpen({ kind: open.kind, id: saved.id });
        }}
      />
      <Outcome text={notice} />
      {data ? (
        <>
          <div className="console__actions">
            {data.kind === 'movie' ? (
              <>
                {mediaLinks('movie', data.id, data.title)}
                {data.has_frame && !data.cover ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => frame.mutate({ type: 'movie', id: data.id })}
                  >
                    {CATALOGUE_TEXTS.useFrame}
                  </button>
                ) : null}
                <span className="console__hint">
                  {data.playable ? CATALOGUE_TEXTS.playable : CATALOGUE_TEXTS.noMedia}
                </span>
              </>
            ) : null}
            <ConfirmButton
              label={CATALOGUE_TEXTS.remove}
              question={CATALOGUE_TEXTS.confirmRemove(`'${data.title}'`)}
              disabled={remove.isPending}
              onConfirm={() =>
                remove.mutate(`${data.kind === 'movie' ? 'movies' : 'series'}/${data.id}`, { onSuccess: onClose })
              }
            />
          </div>
          <Outcome
            text={remove.isError ? remove.error.message : frame.isError ? frame.error.message : null}
            error={remove.isError || frame.isError}
          />
          {data.kind === 'series' ? <Seasons series={data} /> : null}
        </>
      ) : null}
    </>
  );
  return (
    <SidePanel title={heading} onClose={onClose}>
      {open.id === null ? body(null) : <Loaded query={title}>{(data) => body(data)}</Loaded>}
    </SidePanel>
  );
}

function PromotionPanel({ promotion, onClose }: { promotion: AdminPromotion | null; onClose: () => void }) {
  const save = useSavePromotion();
  const [values, setValues] = useState<FormValues>({
    text: promotion?.text ?? '',
    color: promotion?.color ?? 'red',
    starts_at: localInput(promotion?.starts_at ?? null),
    ends_at: localInput(promotion?.ends_at ?? null),
    active: String(promotion?.active ?? true),
  });
  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  return (
    <SidePanel title={promotion ? promotion.text : CATALOGUE_TEXTS.addPromotion} onClose={onClose}>
      <form
        className="console__form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              id: promotion?.id ?? null,
              form: { ...values, starts_at: isoOf(values.starts_at ?? ''), ends_at: isoOf(values.ends_at ?? '') },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <label>
          Text
          <input required maxLength={300} value={values.text} onChange={set('text')} />
        </label>
        <label>
          Colour
          <select value={values.color} onChange={set('color')}>
            {PROMOTION_COLORS.map((c) => (
              <option key={c} value={c}>
                {c === 'red' ? 'Red' : 'Blue'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Starts (your time; empty: now)
          <input type="datetime-local" value={values.starts_at} onChange={set('starts_at')} />
        </label>
        <label>
          Ends (your time; empty: never)
          <input type="datetime-local" value={values.ends_at} onChange={set('ends_at')} />
        </label>
        <label className="catalogue__check">
          <input
            type="checkbox"
            checked={values.active === 'true'}
            onChange={(e) => setValues((v) => ({ ...v, active: String(e.target.checked) }))}
          />
          Active
        </label>
        <div className="console__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {CATALOGUE_TEXTS.save}
          </button>
        </div>
        <Outcome text={save.isError ? save.error.message : null} error={save.isError} />
      </form>
    </SidePanel>
  );
}

function Promotions() {
  const promotions = usePromotions();
  const remove = useRemove();
  const [open, setOpen] = useState<AdminPromotion | 'new' | null>(null);
  return (
    <>
      <div className="console__section-head">
        <h2>{CATALOGUE_TEXTS.promotions}</h2>
        <button type="button" className="btn btn--primary" onClick={() => setOpen('new')}>
          {CATALOGUE_TEXTS.addPromotion}
        </button>
      </div>
      <Loaded query={promotions} empty="No banner." isEmpty={(d) => d.promotions.length === 0}>
        {(data) => (
          <ConsoleTable actions columns={['Text', 'Colour', 'From', 'Until', 'State']}>
            {data.promotions.map((p) => (
              <tr key={p.id}>
                <td>{p.text}</td>
                <td>{p.color}</td>
                <td>
                  <When at={p.starts_at} />
                </td>
                <td>
                  <When at={p.ends_at} />
                </td>
                <td>{p.active ? 'Active' : 'Off'}</td>
                <td className="console-table__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => setOpen(p)}>
                    Edit
                  </button>
                  <ConfirmButton
                    label={CATALOGUE_TEXTS.remove}
                    question={CATALOGUE_TEXTS.confirmRemove(`the banner '${p.text}'`)}
                    onConfirm={() => remove.mutate(`promotions/${p.id}`)}
                  />
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Loaded>
      {open ? <PromotionPanel promotion={open === 'new' ? null : open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

export function CataloguePage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<Open | null>(null);
  const titles = useTitles(q);
  return (
    <main id="main" className="console-page catalogue">
      <h1>{CATALOGUE_TEXTS.catalogue}</h1>
      <div className="console__filters">
        <form
          role="search"
          className="catalogue__search"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(draft.trim());
          }}
        >
          <input
            type="search"
            aria-label={CATALOGUE_TEXTS.search}
            placeholder={CATALOGUE_TEXTS.search}
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn--secondary">
            {CATALOGUE_TEXTS.searchButton}
          </button>
        </form>
        <button type="button" className="btn btn--primary" onClick={() => setOpen({ kind: 'series', id: null })}>
          {CATALOGUE_TEXTS.newSeries}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => setOpen({ kind: 'movie', id: null })}>
          {CATALOGUE_TEXTS.newMovie}
        </button>
      </div>
      <Loaded query={titles} empty={CATALOGUE_TEXTS.noTitles} isEmpty={(d) => d.titles.length === 0}>
        {(data) => (
          <ConsoleTable actions columns={['Title', 'Kind', 'Year', 'State', 'Changed']}>
            {data.titles.map((t) => (
              <tr key={`${t.kind}-${t.id}`}>
                <td>
                  {t.title}
                  {t.original_title !== t.title ? <span className="console__none"> · {t.original_title}</span> : null}
                </td>
                <td>{t.kind === 'movie' ? CATALOGUE_TEXTS.movie : CATALOGUE_TEXTS.series}</td>
                <td>{t.year}</td>
                <td>
                  {t.published ? (
                    CATALOGUE_TEXTS.published
                  ) : (
                    <span className="console__badge console__badge--bad">{CATALOGUE_TEXTS.draft}</span>
                  )}
                  {t.featured_rank !== null ? (
                    <span className="console__badge">{CATALOGUE_TEXTS.featured(t.featured_rank)}</span>
                  ) : null}
                </td>
                <td>
                  <When at={t.updated_at} />
                </td>
                <td className="console-table__actions">
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`Open ${t.title}`}
                    onClick={() => setOpen({ kind: t.kind, id: t.id })}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Loaded>
      <Promotions />
      {open ? <TitlePanel open={open} onOpen={setOpen} onClose={() => setOpen(null)} /> : null}
    </main>
  );
}
