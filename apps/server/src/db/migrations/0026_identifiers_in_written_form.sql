-- Hand-written (keep it when renumbering; docs/decisions/097-identifiers-as-people-paste-them.md): identifiers kept
-- as they were typed are rewritten in the form the portal now stores and compares (`identifierText`,
-- `personalCodeOf` and `businessCodeOf` of @portal/schema): white space and invisible characters removed, dashes
-- made hyphens, letters upper case, a Latvian personas kods with its hyphen after the sixth digit and a Finnish
-- Y-tunnus with its hyphen before the check digit. Only the form changes: a value that is no valid code keeps its
-- characters, compacted, so nothing is lost.
UPDATE contract SET co_owner_code = upper(regexp_replace(
    regexp_replace(co_owner_code, '[[:space:]\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]', '', 'g'),
    '[\u2010-\u2015\u2212]', '-', 'g'))
  WHERE co_owner_code IS NOT NULL;--> statement-breakpoint
UPDATE contract SET co_owner_code = substr(co_owner_code, 1, 6) || '-' || substr(co_owner_code, 7)
  FROM site WHERE site.id = contract.site_id AND site.country_code = 'LV' AND contract.co_owner_code ~ '^[0-9]{11}$';--> statement-breakpoint
UPDATE contract SET contact_phone = regexp_replace(contact_phone, '[[:space:]\u00a0\u202f]', '', 'g')
  WHERE contact_phone ~ '[[:space:]\u00a0\u202f]';--> statement-breakpoint
UPDATE customer SET business_code = regexp_replace(business_code, '[[:space:]\u00a0\u202f]', '', 'g')
  WHERE business_code ~ '[[:space:]\u00a0\u202f]';--> statement-breakpoint
UPDATE customer SET business_code = substr(business_code, 1, 7) || '-' || substr(business_code, 8)
  FROM site WHERE site.id = customer.site_id AND site.country_code = 'FI' AND customer.business_code ~ '^[0-9]{8}$';
