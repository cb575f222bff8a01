import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  answerSchema,
  idParamsSchema,
  listQuerySchema,
  messageAnswerSchema,
  pageAnswerSchema,
  type ListQuery,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf, type ChangeContext } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { listAnswer, type ListTotal } from '../../../lib/pagination.js';

/** What a resource module provides; the HTTP side is the same for every resource and lives here once. */
export interface ResourceService<
  T,
  Input,
  CreateInput = Input,
  Query extends ListQuery = ListQuery,
  ListItem = T,
> {
  /** List rows may be a lighter shape than get-one's answer (a parent without its children). */
  list(query: Query): Promise<{ rows: ListItem[]; total: ListTotal }>;
  /** Throws a 404 AppError for an unknown id. */
  get(id: string): Promise<T>;
  create(input: CreateInput, context: ChangeContext): Promise<T>;
  update(id: string, input: Input, context: ChangeContext): Promise<T>;
  remove(id: string, context: ChangeContext): Promise<void>;
}

export interface ResourceDefinition<
  Schema extends z.ZodType,
  Answer extends z.ZodType,
  CreateSchema extends z.ZodType = Schema,
  QuerySchema extends z.ZodType<ListQuery, unknown> = typeof listQuerySchema,
  ListItem extends z.ZodType = Answer,
> {
  /** URL segment: /api/{path}/get-all … */
  path: string;
  /** Singular, capitalised, for messages: 'Driver created successfully!'. */
  label: string;
  inputSchema: Schema;
  /** When create takes more than update (a parent with their children); defaults to `inputSchema`. */
  createSchema?: CreateSchema;
  /** When the list takes more filters than page, limit and search. */
  listQuerySchema?: QuerySchema;
  /** The answer of get-one, create and update: only the fields it names are sent. */
  answerSchema: Answer;
  /** A row of the list, when lighter than `answerSchema`. */
  listItemSchema?: ListItem;
  /** Its input names other records (an assignment's driver): create and update answer 404 when one is not there. */
  inputNamesRecords?: boolean;
  /** The delete call of route assignments has its own name: `delete-route-assignment`. */
  deleteName?: string;
  service: ResourceService<
    z.output<Answer>,
    z.output<Schema>,
    z.output<CreateSchema>,
    z.output<QuerySchema>,
    z.output<ListItem>
  >;
}

/** The five calls every resource answers: get-all, get-one/{id}, create, update/{id}, delete/{id}. */
export function resourceRoutes<
  Schema extends z.ZodType,
  Answer extends z.ZodType,
  CreateSchema extends z.ZodType = Schema,
  QuerySchema extends z.ZodType<ListQuery, unknown> = typeof listQuerySchema,
  ListItem extends z.ZodType = Answer,
>(definition: ResourceDefinition<Schema, Answer, CreateSchema, QuerySchema, ListItem>) {
  const { path, label, inputSchema, service } = definition;
  const createSchema = definition.createSchema ?? inputSchema;
  const querySchema = definition.listQuerySchema ?? listQuerySchema;
  const deleteName = definition.deleteName ?? 'delete';
  // Widened to ZodType: the answers' static types are the service's (checked above); the schemas are for sending.
  const answer: z.ZodType = answerSchema(definition.answerSchema);
  const page: z.ZodType = pageAnswerSchema(definition.listItemSchema ?? definition.answerSchema);
  const tags = [path];
  // Every write may break a rule of the resource's (`conflicts` of resource-service.ts: a duplicate, a record in use).
  const writeRefusals = errorAnswers(409, ...(definition.inputNamesRecords ? [404 as const] : []));
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      `/${path}/get-all`,
      {
        config: { access: 'office-read' },
        schema: { tags, querystring: querySchema, response: { 200: page } },
      },
      async (request) => {
        const query = request.query as z.output<QuerySchema>;
        const { rows, total } = await service.list(query);
        return listAnswer(rows, total, query);
      },
    );

    routes.get(
      `/${path}/get-one/:id`,
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answer } },
      },
      async (request) => success(await service.get(request.params.id)),
    );

    routes.post(
      `/${path}/create`,
      { schema: { tags, body: createSchema, response: { 201: answer, ...writeRefusals } } },
      async (request, reply) => {
        const created = await service.create(
          request.body as z.output<CreateSchema>,
          changeContextOf(request),
        );
        return reply.code(201).send(success(created, `${label} created successfully!`));
      },
    );

    routes.put(
      `/${path}/update/:id`,
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: inputSchema,
          response: { 200: answer, ...writeRefusals },
        },
      },
      async (request) => {
        const updated = await service.update(
          request.params.id,
          request.body as z.output<Schema>,
          changeContextOf(request),
        );
        return success(updated, `${label} updated successfully!`);
      },
    );

    routes.delete(
      `/${path}/${deleteName}/:id`,
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers(409) },
        },
      },
      async (request) => {
        await service.remove(request.params.id, changeContextOf(request));
        return success(undefined, `${label} deleted successfully!`);
      },
    );
  };
}
