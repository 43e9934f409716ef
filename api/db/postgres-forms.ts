import {
  ColumnDefinitionNode,
  GeneratedNode,
  OperationNodeTransformer,
  RawNode,
  type PrimitiveValueListNode,
  type ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * The migrations and repositories are written once, in the SQL SQLite takes; these are the few forms PostgreSQL
 * spells differently, mapped as each query is compiled. Frozen migrations run unchanged on both engines.
 */
class SqliteFormsForPostgres extends OperationNodeTransformer {
  /** Kysely writes autoIncrement() as MySQL's `auto_increment` here; an identity column still takes explicit ids. */
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (!column.autoIncrement) return column;
    return ColumnDefinitionNode.cloneWith(column, { autoIncrement: false, generated: GeneratedNode.create({ byDefault: true, identity: true }) });
  }

  protected override transformValue(node: ValueNode): ValueNode {
    return { ...node, value: withoutNul(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(withoutNul) };
  }

  protected override transformRaw(node: RawNode): RawNode {
    const raw = super.transformRaw(node);
    if (raw.parameters.length === 0 && raw.sqlFragments.length === 1) {
      const [text] = raw.sqlFragments;
      // Text columns default to SQLite's CURRENT_TIMESTAMP text, 'YYYY-MM-DD HH:MM:SS' in UTC, on both engines.
      if (/^\s*CURRENT_TIMESTAMP\s*$/i.test(text)) return RawNode.createWithSql("to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS')");
      const trigger = triggerForPostgres(text);
      if (trigger) return RawNode.createWithSql(trigger);
    }
    return { ...raw, sqlFragments: raw.sqlFragments.map(renameFunctions) };
  }
}

/**
 * PostgreSQL's text cannot hold U+0000, which SQLite keeps: it becomes U+FFFD, so a hostile name is stored and a
 * lookup by one finds nothing, as on SQLite, instead of failing.
 */
function withoutNul(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
}

/** SQLite's JSON aggregates and their PostgreSQL names (the same arguments; json_agg is null over no rows). */
const FUNCTIONS: Record<string, string> = { json_group_array: 'json_agg', json_object: 'json_build_object' };

function renameFunctions(fragment: string): string {
  return fragment.replace(/\b(json_group_array|json_object)\s*\(/g, (_, name: string) => `${FUNCTIONS[name]}(`);
}

/**
 * SQLite's `create trigger NAME after EVENT on TABLE [when COND] begin STATEMENT; end` as a PL/pgSQL function and a
 * row trigger calling it, sent as one simple query.
 */
function triggerForPostgres(text: string): string | undefined {
  const created = /^\s*create trigger (\w+) after (insert|update|delete) on (\w+)(?:\s+when\s+(.+?))?\s+begin\s+(.+?);?\s*end\s*;?\s*$/is.exec(text);
  if (!created) return undefined;
  const [, name, event, table, condition, statement] = created;
  return (
    `create function ${name}() returns trigger language plpgsql as $$ begin ${statement}; return null; end $$; ` +
    `create trigger ${name} after ${event} on ${table} for each row ${condition ? `when (${condition}) ` : ''}execute function ${name}()`
  );
}

/** The dialect adapter: PostgreSQL's Kysely takes it as a plugin. */
export class PostgresForms implements KyselyPlugin {
  readonly #transformer = new SqliteFormsForPostgres();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
