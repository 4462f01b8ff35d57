-- One table for every kind of job (bulk import, analysis, experiment, and kinds added later): what it was
-- asked to do, its status, progress and result, and the lease of the worker running it, so that any
-- instance answers for any job and workers on any machine take the work. The same SQL runs on H2 and
-- PostgreSQL.
--
-- The import jobs of V2 become its first rows: the table is renamed, so their ids (and the outcomes that
-- point at them) stay as they are.
alter table import_job rename to job;

-- import, analysis, experiment, ... (io.kifudb.jobs.JobKind)
alter table job add column kind varchar(32) default 'import' not null;
-- the public id of the kinds addressed by a UUID (analyses, experiments); null for imports, addressed by id
alter table job add column uid varchar(36);
-- JSON, each kind its own shape: what the job is to do, how far it got, what it found
alter table job add column params text default '{}' not null;
alter table job add column progress text;
alter table job add column result text;
-- whose job it is, for the quotas: a digest of the API key (never the key), null when no key was given
alter table job add column owner varchar(64);
-- started without an API key (the anonymous analysis quota counts these)
alter table job add column anonymous boolean default false not null;
-- set by a cancel on any instance; the worker running the job sees it and stops
alter table job add column cancel_requested boolean default false not null;
-- the worker running the job, the claim number (each claim adds one, and a worker writes only while the
-- job still carries its number) and until when its lease runs (database clock, epoch milliseconds)
alter table job add column worker varchar(128);
alter table job add column attempt integer default 0 not null;
alter table job add column lease_until bigint;
-- how far the job's committed work reaches (an import: the records whose outcomes are stored); a job
-- claimed again resumes after it
alter table job add column checkpoint integer default 0 not null;

update job set params = '{"rules":' || case when rules is null then 'null' else '"' || rules || '"' end
        || ',"lenient":' || case when lenient then 'true' else 'false' end
        || ',"files":' || cast(files as varchar(12)) || '}',
    progress = '{"total":' || cast(total as varchar(12)) || ',"imported":' || cast(imported as varchar(12))
        || ',"duplicates":' || cast(duplicates as varchar(12)) || ',"failed":' || cast(failed as varchar(12)) || '}',
    checkpoint = imported + duplicates + failed;
-- Jobs an earlier version left queued or running cannot resume: their uploads waited in a local folder.
update job set status = 'failed', finished_at = current_timestamp,
    error = 'interrupted: the service stopped before the job finished; records counted as imported are stored'
    where status in ('queued', 'running');

alter table job drop column rules;
alter table job drop column lenient;
alter table job drop column files;
alter table job drop column total;
alter table job drop column imported;
alter table job drop column duplicates;
alter table job drop column failed;

create unique index job_uid on job (uid);
-- what a worker looks for: the oldest queued (or abandoned) job of the kinds it has room for
create index job_claim on job (status, kind, id);
create index job_owner on job (owner, status);

-- Uploads of a bulk import, kept with their job until it ends (any worker can then run it).
create table job_file (
    job_id  bigint       not null references job (id) on delete cascade,
    -- 0-based position of the file in the request
    seq     integer      not null,
    name    varchar(512) not null,
    bytes   bytea        not null,
    primary key (job_id, seq)
);

-- One row that submissions lock (select ... for update) while they count queued jobs and quotas, so two
-- instances admitting at once cannot both take the last place.
create table job_admission (
    name varchar(32) primary key
);
insert into job_admission (name) values ('submit');
