import { InvalidInput } from '@fitness/contracts/domain-error.ts';

/**
 * Why a whole upload is refused (422, on the `csv` or `format` field). A single unusable row
 * is not an error: it is reported in the import's `rows_rejected` and the rest is imported.
 */

export class MalformedCsv extends InvalidInput {
  constructor(line: number, problem: string) {
    super({ csv: [`The file is not valid CSV: on line ${line}, ${problem}.`] });
  }
}

export class UnknownExportFormat extends InvalidInput {
  constructor() {
    super({
      csv: [
        'The file is not a Strong or Hevy workout export: its first row does not have the columns of either. ' +
          'Export your workouts as CSV from the app and upload that file unchanged.',
      ],
    });
  }
}

export class ExportFormatMismatch extends InvalidInput {
  constructor(expected: string, found: string | null) {
    super({
      format: [
        found
          ? `The file is a ${found} export, not a ${expected} export. Choose ${found}, or let the format be detected.`
          : `The file is not a ${expected} export: its first row does not have the columns of one.`,
      ],
    });
  }
}

export class ExportTooLarge extends InvalidInput {
  constructor(maxMegabytes: number) {
    super({ csv: [`The file is larger than ${maxMegabytes} MB. Export a shorter period and import it in parts.`] });
  }
}

export class TooManyRows extends InvalidInput {
  constructor(maxRows: number) {
    super({
      csv: [`The file has more than ${maxRows} rows. Export a shorter period and import it in parts.`],
    });
  }
}

export class EmptyExport extends InvalidInput {
  constructor() {
    super({ csv: ['The file is empty.'] });
  }
}
