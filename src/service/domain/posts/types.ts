import type { z } from 'zod';
import type { AnyEndpoint } from '../../../contract/index.js';
import type { DomainCall } from '../context.js';

/** A handler's call and answer typed from its contract entry. */
export type CallOf<E extends AnyEndpoint> = DomainCall<z.output<E['input']>>;
export type AnswerOf<E extends AnyEndpoint> = z.input<E['output']>;
