import { parentPort } from 'node:worker_threads';
import { InvalidInput } from '@fitness/contracts/domain-error.ts';
import { type JsonBodyRefusal, readBoundedJson } from '@fitness/platform/json-body.ts';
import { type ParsedExport, type ParseOptions, parseWorkoutExport } from './csv-formats.ts';

/** A request to the worker: a file and how to read it, or an upload's JSON body (its bytes). */
export type ParseRequest = { id: number; csv: string; options: ParseOptions } | { id: number; json: Uint8Array };
/**
 * Its answer: the parsed export, the fields a refused file is refused on, the body read or why
 * it was refused, or a failure's text.
 */
export type ParseAnswer =
  | { id: number; parsed: ParsedExport }
  | { id: number; refused: InvalidInput['fieldErrors']; message: string }
  | { id: number; body: unknown }
  | { id: number; bodyRefused: JsonBodyRefusal }
  | { id: number; failure: string };

/**
 * The worker thread that reads uploaded exports (see export-parser.ts): the same parsers, away
 * from the thread that answers every other request. It imports each module it needs from its
 * own file, never a package's index: the contracts' index alone made its start take 340–540 ms.
 */
parentPort?.on('message', (request: ParseRequest) => {
  parentPort?.postMessage(answer(request));
});

function answer(request: ParseRequest): ParseAnswer {
  const { id } = request;
  try {
    if ('json' in request) {
      const reading = readBoundedJson(
        Buffer.from(request.json.buffer, request.json.byteOffset, request.json.byteLength).toString('utf8'),
      );
      return 'value' in reading ? { id, body: reading.value } : { id, bodyRefused: reading.refused };
    }
    return { id, parsed: parseWorkoutExport(request.csv, request.options) };
  } catch (error) {
    return error instanceof InvalidInput
      ? { id, refused: error.fieldErrors, message: error.message }
      : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
