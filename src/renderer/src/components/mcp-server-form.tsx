// The import dialog's second section: a form to start any other server by its command line or
// reach it by URL, with its environment or HTTP headers.

import { useState, type FormEvent } from 'react';
import type { McpServerRef } from '../../../shared/contracts';
import { typedServerRefusal } from '../../../shared/server-starts';
import { serverFromForm, type McpForm, type TransportChoice } from '../lib/mcp-form';
import { Icon } from './icon';
import { ButtonSpinner } from './spinner';

const TRANSPORTS: { id: TransportChoice; label: string }[] = [
  { id: 'stdio', label: 'Command (stdio)' },
  { id: 'http', label: 'URL (streamable HTTP)' },
  { id: 'sse', label: 'URL (HTTP+SSE)' },
];

/** A refusal's wording (it starts with a verb) as a sentence of its own. */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

interface McpServerFormProps {
  fieldId: string;
  /** The key of the import under way ('custom' for this form's), or null. */
  busy: string | null;
  /** The browser host without --allow-commands starts no typed server: said before the click. */
  configOnly: boolean;
  onImport: (server: McpServerRef) => void;
  onProblem: (problem: string | null) => void;
}

export function McpServerForm({ fieldId, busy, configOnly, onImport, onProblem }: McpServerFormProps) {
  const [form, setForm] = useState<McpForm>({ transport: 'stdio', commandLine: '', envText: '', url: '', headersText: '' });
  const update = (patch: Partial<McpForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    onProblem(null); // the sentence was about the form as it was
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = serverFromForm(form);
    if (result.ok) onImport(result.server);
    else onProblem(result.message);
  };
  const url = form.transport !== 'stdio';

  return (
    <form className="mcp-section" aria-labelledby={`${fieldId}-other`} onSubmit={submit}>
      <h3 className="mcp-section-title" id={`${fieldId}-other`}>
        Another server
      </h3>
      {configOnly ? (
        <p className="mcp-turned-off" id={`${fieldId}-off`}>
          <Icon name="alert" size={15} />
          {sentence(typedServerRefusal(form.transport))}
        </p>
      ) : null}
      <TransportChoices fieldId={fieldId} chosen={form.transport} onChoose={(transport) => update({ transport })} />
      {(url ? URL_FIELDS : COMMAND_FIELDS).map((field) => (
        <FormLine
          key={field.key}
          field={field}
          id={`${fieldId}-${field.idSuffix}`}
          value={form[field.key]}
          onChange={(value) => update({ [field.key]: value })}
        />
      ))}
      <div className="mcp-form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy !== null || configOnly}
          aria-describedby={configOnly ? `${fieldId}-off` : undefined}
        >
          {busy === 'custom' ? <ButtonSpinner /> : null}
          {url ? 'Connect and import' : 'Start and import'}
        </button>
      </div>
    </form>
  );
}

function TransportChoices({ fieldId, chosen, onChoose }: { fieldId: string; chosen: TransportChoice; onChoose: (transport: TransportChoice) => void }) {
  return (
    <fieldset className="mcp-transports">
      <legend className="visually-hidden">Connect with</legend>
      {TRANSPORTS.map((choice) => (
        <label key={choice.id} className="mcp-transport">
          <input type="radio" name={`${fieldId}-transport`} value={choice.id} checked={chosen === choice.id} onChange={() => onChoose(choice.id)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

interface FieldSpec {
  key: 'url' | 'headersText' | 'commandLine' | 'envText';
  /** Its element id after the dialog's own. */
  idSuffix: string;
  label: string;
  hint?: string;
  placeholder: string;
  /** A one-line input of this type; without it, a two-row text area. */
  type?: 'url' | 'text';
}

const URL_FIELDS: FieldSpec[] = [
  { key: 'url', idSuffix: 'url', label: 'Server URL', placeholder: 'http://127.0.0.1:3001/mcp', type: 'url' },
  { key: 'headersText', idSuffix: 'headers', label: 'HTTP headers', hint: '(optional, one “Name: value” per line)', placeholder: 'Authorization: Bearer …' },
];

const COMMAND_FIELDS: FieldSpec[] = [
  { key: 'commandLine', idSuffix: 'command', label: 'Command line', placeholder: 'npx -y @modelcontextprotocol/server-everything', type: 'text' },
  { key: 'envText', idSuffix: 'env', label: 'Environment', hint: '(optional, one KEY=value per line)', placeholder: 'API_KEY=…' },
];

function FormLine({ field, id, value, onChange }: { field: FieldSpec; id: string; value: string; onChange: (value: string) => void }) {
  const common = { id, value, placeholder: field.placeholder, spellCheck: false };
  return (
    <>
      <label className="mcp-field" htmlFor={id}>
        {field.label}
        {field.hint ? (
          <>
            {' '}
            <span className="muted">{field.hint}</span>
          </>
        ) : null}
      </label>
      {field.type ? (
        <input {...common} className="mcp-input" type={field.type} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea {...common} className="mcp-textarea" rows={2} onChange={(event) => onChange(event.target.value)} />
      )}
    </>
  );
}
