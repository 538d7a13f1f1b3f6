import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_SEARCH_PAGE_SIZE, type CustomerSearchField, type CustomerSearchResult } from '@portal/schema/customer-search';
import type { OperatingCountryCode } from '@portal/schema/enums';
import { identifierText } from '@portal/schema/identifier-text';
import { personalCodeOf } from '@portal/schema/personal-codes';
import { queryRows, type Executor } from '../../platform/database.ts';

type Row = { client_code: string; name: string; type: CustomerSearchResult['type']; field: CustomerSearchField; matched: string };

/** Letters and digits only, upper case: "lumo 100-002" finds LUMO-100002, "fi131052 308t" a personal code. */
const codeOf = (column: SQL) => sql`upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g'))`;

/**
 * A code typed whole scores 1, its start 0.9, a piece of at least four characters inside it 0.8: codes are
 * read out on the phone, so a part is often all the caller has, but a typo in a code finds someone else.
 * `code` is the query's code to compare with (`q.code`, or `q.personal_code` for personal codes).
 */
function codeMatch(field: CustomerSearchField, customerId: SQL, column: SQL, from: SQL, code: SQL = sql`q.code`): SQL {
  return sql`
    select ${customerId} as customer_id, ${field}::text as field, ${column} as matched,
      case when ${codeOf(column)} = ${code} then 1.0 when ${codeOf(column)} like ${code} || '%' then 0.9 else 0.8 end as score
    from ${from}, q
    where ${code} <> '' and (${codeOf(column)} like ${code} || '%' or (length(${code}) >= 4 and ${codeOf(column)} like '%' || ${code} || '%'))`;
}

/** A name is what callers usually give: on an equal match it ranks above the e-mail address or street it resembles. */
const TEXT_WEIGHTS: Partial<Record<CustomerSearchField, number>> = { name: 0.85, representative: 0.8, address: 0.8, email: 0.75 };

/**
 * Typo-tolerant text (names, addresses, e-mail): trigram similarity of the whole text or of its best-matching
 * words (pg_trgm's `%` and `<%` with their default thresholds, both served by the GIN indexes of migration 0023),
 * accents and case ignored, so "Virtasen" or "aino virtanan" still finds Aino Virtanen.
 */
function textMatch(field: CustomerSearchField, customerId: SQL, column: SQL, from: SQL): SQL {
  const text = sql`portal_search_text(${column})`;
  return sql`
    select ${customerId} as customer_id, ${field}::text as field, ${column} as matched,
      greatest(similarity(${text}, q.text), word_similarity(q.text, ${text})) * ${sql.raw(String(TEXT_WEIGHTS[field] ?? 0.7))} as score
    from ${from}, q
    where ${text} % q.text or q.text <% ${text}`;
}

/**
 * Customers of one site found by anything a caller may give: client code, name, personal or business code,
 * e-mail, phone, address, GSRN or invoice number; each customer once, by its best match, best first. The query is
 * read as pasted: full-width letters and digits folded (NFKC), and a personal code of the site's country in any
 * written form (hyphen or not, lower case, with or without its country) is looked for as the whole code people
 * sign in with (`person.ssn`, country-prefixed).
 */
export async function searchCustomers(
  db: Executor,
  site: { id: string; countryCode: OperatingCountryCode },
  asTyped: string,
  page: number,
): Promise<{ results: CustomerSearchResult[]; hasMore: boolean }> {
  const siteId = site.id;
  const query = asTyped.normalize('NFKC');
  const compact = identifierText(asTyped);
  const personalCode = personalCodeOf(site.countryCode, compact.startsWith(site.countryCode) ? compact.slice(2) : compact);
  const personalQuery = personalCode === null ? query : `${site.countryCode}${personalCode}`;
  const digits = query.replace(/\D/g, '').replace(/^0+/, '');
  const people = sql`customer_access a join person p on p.id = a.person_id join customer c on c.id = a.customer_id and c.site_id = ${siteId}`;
  const peopleAs = (relation: 'self' | 'representative') => sql`${people} and a.relation = ${relation}`;
  const matches = [
    codeMatch('client-code', sql`c.id`, sql`c.client_code`, sql`customer c`),
    codeMatch('business-code', sql`c.id`, sql`c.business_code`, sql`customer c`),
    codeMatch('personal-code', sql`a.customer_id`, sql`p.ssn`, people, sql`q.personal_code`),
    codeMatch('gsrn', sql`m.customer_id`, sql`m.gsrn`, sql`metering_point m`),
    codeMatch('invoice-number', sql`i.customer_id`, sql`i.invoice_number`, sql`invoice i`),
    textMatch('name', sql`c.id`, sql`c.name`, sql`customer c`),
    textMatch('name', sql`a.customer_id`, sql`p.name`, peopleAs('self')),
    textMatch('representative', sql`a.customer_id`, sql`p.name`, peopleAs('representative')),
    textMatch('email', sql`a.customer_id`, sql`p.email`, people),
    textMatch('email', sql`k.customer_id`, sql`k.value`, sql`customer_contact k`),
    textMatch('address', sql`o.customer_id`, sql`o.street || ', ' || o.postal_code || ' ' || o.city`, sql`supply_object o`),
    textMatch('address', sql`d.customer_id`, sql`d.street || ', ' || d.postal_code || ' ' || d.city`, sql`customer_address d`),
  ];
  // Phone numbers are compared by their digits, without the leading zero or country code a caller may leave out.
  if (digits.length >= 6) {
    matches.push(
      sql`select k.customer_id, 'phone' as field, k.value as matched, 0.9 as score from customer_contact k
          where k.method <> 'Email' and regexp_replace(k.value, '\\D', '', 'g') like ${`%${digits}%`}`,
      sql`select a.customer_id, 'phone' as field, p.phone as matched, 0.9 as score from ${people}
          where regexp_replace(p.phone, '\\D', '', 'g') like ${`%${digits}%`}`,
    );
  }
  const offset = (page - 1) * CUSTOMER_SEARCH_PAGE_SIZE;
  const rows = await queryRows<Row>(
    db,
    sql`
      with q as (
        select portal_search_text(${query}) as text, ${codeOf(sql`${query}::text`)} as code,
          ${codeOf(sql`${personalQuery}::text`)} as personal_code
      ),
      matches as (${sql.join(matches, sql` union all `)}),
      best as (
        select distinct on (customer_id) customer_id, field, matched, score from matches
        where matched is not null
        order by customer_id, score desc, field
      )
      select c.client_code, c.name, c.type, best.field, best.matched
      from best join customer c on c.id = best.customer_id
      where c.site_id = ${siteId}
      order by best.score desc, c.name, c.client_code
      limit ${CUSTOMER_SEARCH_PAGE_SIZE + 1} offset ${offset}`,
  );
  return {
    results: rows.slice(0, CUSTOMER_SEARCH_PAGE_SIZE).map((row) => ({
      clientCode: row.client_code,
      name: row.name,
      type: row.type,
      matchedOn: row.field,
      matchedText: row.matched,
    })),
    hasMore: rows.length > CUSTOMER_SEARCH_PAGE_SIZE,
  };
}
