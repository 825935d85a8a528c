import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Field, SelectField } from '../../components/Field.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { Imports } from './store.ts';
import { type ImportTextKey, useImportText } from './texts.ts';
import { type ImportReport, type ImportRequest, MAX_IMPORT_BYTES } from './types.ts';

type Format = 'auto' | 'strong' | 'hevy';
type WeightUnit = ImportRequest['weight_unit'];

/** How many rejected rows the report lists; the count says how many more there are. */
const LISTED_REJECTIONS = 20;

/**
 * Imports workout history from a Strong or Hevy CSV export: choose the file, the format (or let
 * the server detect it) and the unit of its weights; then the report of what was imported.
 */
export function ImportDialog({ imports, open, onClose }: { imports: Imports; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings } = useServices();
  const { text } = useImportText();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [weightUnit, setWeightUnit] = useState<WeightUnit>('kg');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  /** Remounts the form on every opening, which is what clears a file input. */
  const [opening, setOpening] = useState(0);

  /** Back to an empty form (setters are stable, so this never changes). */
  const reset = useCallback(() => {
    setFile(null);
    setFormat('auto');
    setError(null);
    setReport(null);
    setOpening((count) => count + 1);
  }, []);

  function show() {
    reset();
    // Imperial users most likely export pounds from Strong too.
    setWeightUnit(settings.state.units === 'imperial' ? 'lb' : 'kg');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || file.size > MAX_IMPORT_BYTES) {
      setError(text(file ? 'tooLarge' : 'chooseFile'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: ImportRequest = { csv: await file.text(), weight_unit: weightUnit };
      if (format !== 'auto') body.format = format;
      setReport(await imports.importWorkouts(body));
    } catch (failure) {
      setError(describeFailure(failure, text));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} onShow={show} onClose={onClose} labelledBy="import-title" wide>
      <div className="stack">
        <h2 id="import-title">{text('title')}</h2>
        {report ? (
          <ImportReportView report={report} />
        ) : (
          <form key={opening} id="import-form" className="stack" onSubmit={submit} noValidate>
            <p className="muted">{text('intro')}</p>
            <Field label={text('file')} error={error ?? undefined}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="file"
                  accept=".csv,text/csv"
                  className="input"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setError(null);
                  }}
                />
              )}
            </Field>
            <SelectField
              label={text('format')}
              value={format}
              onChange={(event) => setFormat(event.target.value as Format)}
              options={[
                { value: 'auto', label: text('formatAuto') },
                { value: 'strong', label: text('formatStrong') },
                { value: 'hevy', label: text('formatHevy') },
              ]}
            />
            <SelectField
              label={text('weightUnit')}
              hint={text('weightUnitHint')}
              value={weightUnit}
              onChange={(event) => setWeightUnit(event.target.value as WeightUnit)}
              options={[
                { value: 'kg', label: text('unitKg') },
                { value: 'lb', label: text('unitLb') },
              ]}
            />
          </form>
        )}
        <div className="dialog-actions">
          {report ? (
            <>
              <Button onClick={reset}>{text('again')}</Button>
              <Button variant="primary" onClick={onClose} autoFocus>
                {t('common.close')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" form="import-form" variant="primary" busy={busy}>
                {busy ? text('importing') : text('submit')}
              </Button>
            </>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

/** The counts of an import and the first rejected rows with their reasons. */
function ImportReportView({ report }: { report: ImportReport }) {
  const { text, language } = useImportText();
  const counts: [ImportTextKey, keyof ImportReport, number][] = [
    ['workoutsImported', 'workouts_imported', report.workouts_imported],
    ['workoutsSkipped', 'workouts_skipped_existing', report.workouts_skipped_existing],
    ['setsImported', 'sets_imported', report.sets_imported],
    ['exercisesCreated', 'exercises_created', report.exercises_created],
    ['rowsRejected', 'rows_rejected', report.rows_rejected.length],
  ];
  const rejected = report.rows_rejected;
  return (
    <section className="stack" aria-labelledby="import-report-title" aria-live="polite">
      <h3 id="import-report-title">{text('reportTitle')}</h3>
      <dl className="facts">
        {counts.map(([label, field, value]) => (
          <div key={field}>
            <dt>{text(label)}</dt>
            <dd data-testid={`import-${field}`}>{formatNumber(value, language)}</dd>
          </div>
        ))}
      </dl>
      {rejected.length > 0 && (
        <section className="stack-sm" aria-labelledby="import-rejected-title">
          <h4 id="import-rejected-title">{text('rejectedTitle')}</h4>
          <ul className="list" data-testid="import-rejected">
            {rejected.slice(0, LISTED_REJECTIONS).map(({ row, reason }) => (
              <li key={row} className="list-meta">
                {text('rejectedRow', { row: formatNumber(row, language), reason })}
              </li>
            ))}
          </ul>
          {rejected.length > LISTED_REJECTIONS && (
            <p className="muted">{text('moreRejected', { count: rejected.length - LISTED_REJECTIONS })}</p>
          )}
        </section>
      )}
    </section>
  );
}

/**
 * What to tell the user about a failed import. A refused file (422) says why in the server's
 * words; a timeout may mean the server is still importing, which is harmless to repeat. The API
 * client has already shown a toast for the failures it handles (network, 403, 5xx). Anything
 * else (the browser could not read the file) is logged for the developer tools.
 */
function describeFailure(failure: unknown, text: ReturnType<typeof useImportText>['text']) {
  if (!(failure instanceof ApiError)) {
    console.error('The import failed', failure);
    return text('failed');
  }
  if (failure.status === 422) {
    const { csv, format, weight_unit } = failure.fieldErrors;
    return csv?.[0] ?? format?.[0] ?? weight_unit?.[0] ?? failure.message;
  }
  if (failure.status === null) return text('interrupted');
  return text('failed');
}
