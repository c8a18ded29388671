// Ajv's errors as the violations a model acts on. Ajv reports every branch
// of a failed anyOf/oneOf, most of them noise: for each failed alternative
// the errors of its branches are set aside and replaced by what helps — the
// one branch the arguments were plainly aiming at (its own violations), or
// one line that says what the place must be ("must be a string or null",
// "/target/kind must be one of: issue, pull").

import type { ErrorObject } from 'ajv';
import { childOf, placeOf, propertyNameLine, shownTypes, shownValues, violationLine } from './violation-wording';

export interface Violation {
  /** The line a model reads ("/state must be one of: open, closed"). */
  line: string;
  /** Where in the input schema the broken rule is written (a JSON pointer into it), when known. */
  schemaPointer: string | undefined;
  /** The rule is the object's list of properties: a refusal names them instead of quoting the whole object. */
  propertyList: boolean;
}

export interface ExplainContext {
  /** The JSON pointer, inside the input schema, of one of its schema objects. */
  pointerOf(schema: unknown): string | undefined;
  /** Ajv's errors for `data` against the part of the input schema at `pointer` (empty when valid); undefined when that cannot be asked. */
  errorsAt(pointer: string, data: unknown): ErrorObject[] | undefined;
}

/** Past this many closest branches, or this long, a choice is said as a count of shapes. */
const MOST_BRANCHES_SPELLED = 4;
const LONGEST_CHOICE_LINE = 400;

const isAlternatives = (error: ErrorObject) => error.keyword === 'anyOf' || error.keyword === 'oneOf';

/** The violations `errors` (one Ajv run, `verbose` on) name, deduplicated by line, in Ajv's order. */
export function explainErrors(errors: readonly ErrorObject[], context: ExplainContext): Violation[] {
  const setAside = new Set<ErrorObject>();
  const replaced = new Map<ErrorObject, Violation[]>();
  // The outermost alternative comes after the ones inside it: from the end, each sets aside its branches' errors.
  for (let index = errors.length - 1; index >= 0; index--) {
    const error = errors[index]!;
    if (setAside.has(error) || !isAlternatives(error)) continue;
    const branches = branchErrors(error, context);
    if (branches !== undefined) setAsideBranchErrors(errors, index, branches.flat(), setAside);
    replaced.set(error, chooseBranch(error, branches, context));
  }
  const violations = errors.filter((error) => !setAside.has(error)).flatMap((error) => replaced.get(error) ?? singleViolation(error, context));
  const seen = new Set<string>();
  return violations.filter((violation) => !seen.has(violation.line) && seen.add(violation.line));
}

function singleViolation(error: ErrorObject, context: ExplainContext): Violation[] {
  const propertyName = (error as { propertyName?: unknown }).propertyName;
  const line = typeof propertyName === 'string' ? propertyNameLine(error, propertyName) : violationLine(error);
  if (line === undefined) return [];
  const owner = context.pointerOf(error.parentSchema);
  const params = error.params as Record<string, unknown>;
  if (owner !== undefined && error.keyword === 'required') {
    const properties = (error.parentSchema as { properties?: Record<string, unknown> }).properties;
    const name = String(params.missingProperty);
    const below = properties !== undefined && Object.hasOwn(properties, name) ? childOf(`${owner}/properties`, name) : `${owner}/required`;
    return [{ line, schemaPointer: below, propertyList: false }];
  }
  const propertyList = error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties';
  return [{ line, schemaPointer: owner, propertyList }];
}

/** Each branch's errors for the data the alternative saw, placed as in the whole arguments; undefined when they cannot be had. */
function branchErrors(error: ErrorObject, context: ExplainContext): ErrorObject[][] | undefined {
  const owner = context.pointerOf(error.parentSchema);
  if (owner === undefined || !Array.isArray(error.schema)) return undefined;
  const branches: ErrorObject[][] = [];
  for (let index = 0; index < error.schema.length; index++) {
    const found = context.errorsAt(`${owner}/${error.keyword}/${index}`, error.data);
    if (found === undefined) return undefined;
    branches.push(found.map((each) => ({ ...each, instancePath: error.instancePath + each.instancePath })));
  }
  return branches;
}

const sameError = (a: ErrorObject, b: ErrorObject) =>
  a.keyword === b.keyword && a.instancePath === b.instancePath && a.parentSchema === b.parentSchema && JSON.stringify(a.params) === JSON.stringify(b.params);

/** Marks, among the errors before `end`, one for each branch error (Ajv reported each of them once in the whole run). */
function setAsideBranchErrors(errors: readonly ErrorObject[], end: number, branchErrors: readonly ErrorObject[], setAside: Set<ErrorObject>): void {
  for (const branchError of branchErrors) {
    for (let index = end - 1; index >= 0; index--) {
      const candidate = errors[index]!;
      if (!setAside.has(candidate) && sameError(candidate, branchError)) {
        setAside.add(candidate);
        break;
      }
    }
  }
}

/** A branch the data plainly is not aiming at: the wrong type where the alternative stands, or another constant (a discriminator). */
function missesShape(errors: readonly ErrorObject[], at: string): boolean {
  return errors.some(
    (error) =>
      (error.keyword === 'type' && error.instancePath === at) ||
      ((error.keyword === 'const' || (error.keyword === 'enum' && (error.params as { allowedValues: unknown[] }).allowedValues.length === 1)) &&
        (error.instancePath === at || isChildOf(error.instancePath, at))),
  );
}

const isChildOf = (pointer: string, parent: string) => pointer.startsWith(`${parent}/`) && !pointer.slice(parent.length + 1).includes('/');

function chooseBranch(error: ErrorObject, branches: ErrorObject[][] | undefined, context: ExplainContext): Violation[] {
  const at = error.instancePath;
  const count = Array.isArray(error.schema) ? error.schema.length : 0;
  const say = (line: string): Violation[] => [{ line, schemaPointer: context.pointerOf(error.parentSchema), propertyList: false }];
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  const its = at === '' ? 'their' : 'its';
  if (Array.isArray(passing)) {
    const matches = `${placeOf(at)} ${at === '' ? 'match' : 'matches'} ${passing.length} of ${its} ${count} allowed shapes`;
    return say(`${matches} (${passing.map((n) => n + 1).join(' and ')}); ${at === '' ? 'they' : 'it'} must match exactly one`);
  }
  const shapes = `${placeOf(at)} must match ${error.keyword === 'oneOf' ? 'exactly one' : 'one or more'} of ${its} ${count} allowed shapes`;
  if (branches === undefined || branches.some((errors) => errors.length === 0)) return say(shapes);
  const aimed = branches.filter((errors) => !missesShape(errors, at));
  if (aimed.length === 0) return say(shapeSummary(branches, at) ?? shapes);
  const fewest = Math.min(...aimed.map((errors) => errors.length));
  const closest = aimed.filter((errors) => errors.length === fewest);
  if (closest.length === 1) return explainErrors(closest[0]!, context);
  if (closest.length > MOST_BRANCHES_SPELLED) return say(shapes);
  const spelled = (errors: ErrorObject[]) => explainErrors(errors, context).map((violation) => violation.line);
  const ways = closest.map((errors) => `(${spelled(errors).join('; ')})`);
  const line = `${shapes}: ${ways.join(' or ')}`;
  return say(line.length > LONGEST_CHOICE_LINE ? shapes : line);
}

/** When every branch wants another type or constant here (or at one discriminating property), what the place must be. */
function shapeSummary(branches: readonly ErrorObject[][], at: string): string | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  const keys = new Set<string>();
  for (const errors of branches) {
    const wrongType = errors.find((error) => error.keyword === 'type' && error.instancePath === at);
    if (wrongType !== undefined) {
      types.push(...String((wrongType.params as { type: unknown }).type).split(','));
      continue;
    }
    const constant = errors.find(
      (error) => (error.keyword === 'const' || error.keyword === 'enum') && (error.instancePath === at || isChildOf(error.instancePath, at)),
    );
    if (constant === undefined) return undefined;
    keys.add(constant.instancePath);
    const params = constant.params as { allowedValue?: unknown; allowedValues?: unknown[] };
    values.push(...(params.allowedValues ?? [params.allowedValue]));
  }
  if (keys.size > 1 || (keys.size === 1 && types.length > 0 && ![...keys].includes(at))) return undefined;
  const where = keys.size === 1 ? [...keys][0]! : at;
  const unique = [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
  const parts = [...(types.length > 0 ? [shownTypes(types)] : []), ...(unique.length > 0 ? [`one of: ${shownValues(unique)}`] : [])];
  return `${placeOf(where)} must be ${parts.join(', or ')}`;
}
