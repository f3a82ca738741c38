// Reading a process definition's BPMN XML: the moddle tree (for the design rules and the designer) and
// the executable graph derived from it. The XML is the source of truth; nothing turns a graph back into
// XML. The parser (saxen, inside bpmn-moddle) expands no DTD entities, so entity bombs do not apply.
import { AppError } from '../../errors/app-error.js';
import { graphFromProcess } from './build-graph.js';
import type { ProcessGraph } from './graph.js';
import { WORKFLOW_MAX_ELEMENTS, WORKFLOW_XML_MAX_LENGTH } from './limits.js';
import { createProcessModdle, executableProcess, listOf, type ModdleElement } from './moddle.js';

export interface ParsedProcess {
  graph: ProcessGraph;
  /** The bpmn:Definitions root, as lintProcess and the designer take it. */
  definitions: ModdleElement;
  /** What the reader skipped or could not resolve (unknown elements, dangling references); for logs. */
  warnings: string[];
}

/** The line of a moddle parse error ("line: 3"), 1-based, when it names one. */
function lineOf(error: unknown): number | undefined {
  const match = /line: (\d+)/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) + 1 : undefined;
}

/**
 * Parses a definition. Throws AppError workflowXmlTooLarge, workflowXmlInvalid (not BPMN XML; params:
 * line, 0 when unknown), workflowNoProcess or workflowTooManyElements. Design problems are not errors
 * here: lintProcess reports them.
 */
export async function parseProcessXml(xml: string): Promise<ParsedProcess> {
  if (xml.length > WORKFLOW_XML_MAX_LENGTH)
    throw new AppError('workflowXmlTooLarge', { params: { max: WORKFLOW_XML_MAX_LENGTH } });
  let parsed;
  try {
    parsed = await createProcessModdle().fromXML(xml.replace(/^\uFEFF/, ''));
  } catch (cause) {
    throw new AppError('workflowXmlInvalid', { params: { line: lineOf(cause) ?? 0 }, cause });
  }
  const definitions = parsed.rootElement;
  const process = executableProcess(definitions);
  if (!process?.id) throw new AppError('workflowNoProcess');
  const count = listOf(process, 'flowElements').length;
  if (count > WORKFLOW_MAX_ELEMENTS)
    throw new AppError('workflowTooManyElements', { params: { count, max: WORKFLOW_MAX_ELEMENTS } });
  return {
    graph: graphFromProcess(process),
    definitions,
    warnings: parsed.warnings.map((warning) => warning.message),
  };
}
