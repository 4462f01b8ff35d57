-- What a stored record is: a game that was played ('game') or a composed problem ('problem': a start position
-- and its solution line, from a record whose JSON says "kind": "problem"). Every game stored before is a game.
-- The same SQL runs on H2 and PostgreSQL.
alter table game add column kind varchar(16) default 'game' not null;
create index game_kind on game (kind, id);
