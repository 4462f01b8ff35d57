-- A puzzle has several themes: what it is (mate-in-N, or material) and any motifs of its solution line
-- (lion-trade, promotion, bare-king; io.kifudb.puzzles.PuzzleThemes defines them). One row per puzzle and
-- theme, so GET /api/puzzles?theme=... filters on an index. The same SQL runs on H2 and PostgreSQL.
--
-- The puzzles stored before keep what their one theme said: mate-in-N stays, promotion and material become
-- material (promotion is now a motif). V24 adds the motifs, replaying each stored solution with the rules.

-- the old index has the new table's name (PostgreSQL keeps tables and indexes in one namespace)
drop index puzzle_theme;

create table puzzle_theme (
    puzzle_id bigint      not null references puzzle (id) on delete cascade,
    theme     varchar(32) not null,
    primary key (puzzle_id, theme)
);
create index puzzle_theme_by_theme on puzzle_theme (theme, puzzle_id);

insert into puzzle_theme (puzzle_id, theme)
    select id, case when theme in ('promotion', 'material') then 'material' else theme end from puzzle;

alter table puzzle drop column theme;
