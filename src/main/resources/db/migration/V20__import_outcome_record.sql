-- The record's number in its file, beside the line: in a JSON array (or any file of several records on
-- one line) the line alone does not tell the records apart. Outcomes stored before keep 0 (unknown).
alter table import_outcome add column record_no integer default 0 not null;
