import { parentPort } from 'node:worker_threads';
import { InvalidInput } from '@fitness/contracts/domain-error.ts';
import { type ParsedExport, type ParseOptions, parseWorkoutExport } from './csv-formats.ts';

/** A request to the worker: a file and how to read it. */
export type ParseRequest = { id: number; csv: string; options: ParseOptions };
/** Its answer: the parsed export, the fields a refused file is refused on, or a failure's text. */
export type ParseAnswer =
  | { id: number; parsed: ParsedExport }
  | { id: number; refused: InvalidInput['fieldErrors']; message: string }
  | { id: number; failure: string };

/**
 * The worker thread that reads uploaded exports (see export-parser.ts): the same parser, away
 * from the thread that answers every other request. It imports each module it needs from its
 * own file, never a package's index: the contracts' index alone made its start take 340–540 ms.
 */
parentPort?.on('message', ({ id, csv, options }: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id, parsed: parseWorkoutExport(csv, options) };
  } catch (error) {
    answer =
      error instanceof InvalidInput
        ? { id, refused: error.fieldErrors, message: error.message }
        : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
