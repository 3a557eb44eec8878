-- Issue 32, item 5: a company's API key lives only while the member who made it is the company's
-- supervisor, and no key is made while an administrator acts as someone. Keys made before this
-- rule that break it are revoked now: those whose maker is no longer the supervisor (the role
-- handed over, removed, the account deleted) or whose company is deleted, and those an
-- administrator made while acting as the supervisor (their creation is the audited
-- `impersonation.write` of the key's path, answered 201). Each revocation is audited as the app's
-- own are (`api_key.revoke`, with the reason).
with lapsed as (
    update api_keys k set revoked_at = now(), updated_at = now()
    from companies c
    where c.id = k.company_id and k.revoked_at is null
      and (c.deleted_at is not null
           or c.supervisor_user_id is distinct from k.created_by_user_id
           or not exists (select 1 from users maker where maker.id = k.created_by_user_id and maker.deleted_at is null)
           or exists (select 1 from audit_log a
                      where a.action = 'impersonation.write' and a.details->>'method' = 'POST'
                        and a.details->>'path' like '%/api_keys/' || k.id::text
                        and a.details->>'status' = '201'))
    returning k.company_id, k.id, k.title
)
insert into audit_log (action, target_company_id, details)
select 'api_key.revoke', company_id,
       jsonb_build_object('keys', jsonb_agg(jsonb_build_object('keyId', id, 'title', title)), 'reason', 'lapsed_before_issue_32')
from lapsed
group by company_id;
