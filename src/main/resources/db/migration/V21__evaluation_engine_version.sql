-- The engine version that made each cached evaluation (the build's version, as `kifudb version` and the
-- USI `id name` give it). Only the running engine's evaluations are served: a depth reached by another
-- version of the search is not comparable, and its lines may be what that version got wrong. Evaluations
-- cached before this column existed were made by an engine nobody recorded: 'unknown', never served.
alter table evaluation add column engine_version varchar(64) default 'unknown' not null;
