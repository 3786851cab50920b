/** The report SQL guard: one SELECT over allow-listed tables, nothing that writes, locks or reaches outside. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReportSql, loadSqlParser, reportParameters, splitAtParameters } from '../../server/domains/report/sql-guard.ts';

beforeAll(() => loadSqlParser());

const allowed = new Set(['hy_driver', 'hy_vehicle']);
const known = new Set(['hy_driver', 'hy_vehicle', 'sys_user', 'sys_session', 'onl_cgreport_head']);
const check = (sql: string) => checkReportSql(sql, allowed, known);
const refusal = (sql: string) => {
  try {
    check(sql);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('report SQL guard', () => {
  it('accepts one SELECT over allowed tables, with joins, CTEs, subqueries, aggregates and ${params}', () => {
    const sql = `with recent as (select * from hy_driver where create_time >= \${since})
      select d.driver_name, count(v.id) as vehicles, coalesce(sum(d.credit_score), 0)
      from recent d left join hy_vehicle v on v.driver_id = d.id
      where d.driver_name like concat('%', \${name}, '%') or d.id in (select id from hy_driver where remark = \${name})
      group by d.driver_name order by 2 desc;`;
    const checked = check(sql);
    expect(checked.parameters).toEqual(['since', 'name']);
    expect(checked.tables.sort()).toEqual(['hy_driver', 'hy_vehicle']);
    expect(checked.text.endsWith(';')).toBe(false);
  });

  it('refuses anything but a single SELECT', () => {
    expect(refusal('')).toBe('报表SQL不能为空');
    expect(refusal('select 1; select 2')).toBe('报表SQL只能是一条查询语句');
    expect(refusal('select 1; drop table hy_driver')).toBe('报表SQL只能是一条查询语句');
    expect(refusal('delete from hy_driver')).toBe('报表SQL只能是查询（SELECT）语句');
    expect(refusal('update hy_driver set remark = 1')).toBe('报表SQL只能是查询（SELECT）语句');
    expect(refusal('select * from hy_driver where')).toMatch(/^报表SQL有语法错误/);
  });

  it('refuses writes hidden in CTEs, SELECT INTO and row locks', () => {
    expect(refusal('with gone as (delete from hy_driver returning *) select * from gone')).toBe('不允许在报表中删除数据');
    expect(refusal('with x as (update hy_driver set remark = 1 returning id) select * from x')).toBe('不允许在报表中修改数据');
    expect(refusal('with x as (insert into hy_driver (id) values (1) returning id) select * from x')).toBe('不允许在报表中写入数据');
    expect(refusal('select * into stolen from hy_driver')).toBe('不允许 SELECT INTO');
    expect(refusal('select * from hy_driver for update')).toBe('不允许在报表中锁定数据');
  });

  it('refuses tables off the allow-list, other schemas, and CTEs borrowing a forbidden table’s name', () => {
    expect(refusal('select password_hash from sys_user')).toBe('报表不能查询表：sys_user');
    expect(refusal('select * from hy_driver d join sys_session s on true')).toBe('报表不能查询表：sys_session');
    expect(refusal('select * from public.hy_driver')).toBe('不允许查询其他模式的表：public.hy_driver');
    expect(refusal('select * from pg_catalog.pg_authid')).toMatch(/^不允许查询其他模式的表/);
    expect(refusal('select relname from pg_class')).toBe('报表不能查询表：pg_class');
    expect(refusal('with sys_user as (select * from sys_user) select * from sys_user')).toBe('子查询名称不能与数据表同名：sys_user');
    expect(refusal('select (select count(*) from onl_cgreport_head) from hy_driver')).toBe('报表不能查询表：onl_cgreport_head');
  });

  it('refuses functions that reach outside the query', () => {
    expect(refusal("select pg_read_file('/etc/passwd')")).toBe('报表中不允许调用函数：pg_read_file');
    expect(refusal('select pg_sleep(10)')).toBe('报表中不允许调用函数：pg_sleep');
    expect(refusal("select set_config('role', 'postgres', false)")).toBe('报表中不允许调用函数：set_config');
    expect(refusal("select * from dblink('host=x', 'select 1') as t(a int)")).toBe('报表中不允许调用函数：dblink');
    expect(refusal("select nextval('seq')")).toBe('报表中不允许调用函数：nextval');
    expect(refusal('select pg_catalog.now()')).toBe('不允许调用其他模式的函数：pg_catalog.now');
    expect(refusal("select query_to_xml('select * from sys_user', true, true, '')")).toBe('报表中不允许调用函数：query_to_xml');
  });

  it('takes parameters only as ${name}, never positional, and splits the SQL around them', () => {
    expect(refusal('select * from hy_driver where id = $1')).toBe('报表SQL的参数请写成 ${参数名}');
    expect(reportParameters('a ${x} b ${ y } c ${x}')).toEqual(['x', 'y']);
    expect(splitAtParameters("select * from hy_driver where id = ${id} and remark <> '${'")).toEqual([
      { text: 'select * from hy_driver where id = ' },
      { parameter: 'id' },
      { text: " and remark <> '${'" },
    ]);
  });
});
