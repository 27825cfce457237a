"""The classroom's tools around the games: exercises that answer back
(`ludotheque.classroom.exercises`), Sortilèges' puzzles judged by the exact solver
(`ludotheque.classroom.puzzles`) and the class tournament of students' bots
(`ludotheque.classroom.tournament`, with the `tournament` extra). They use the engines; no
engine uses them, so that `ludotheque.engines` holds the core and one package per game."""
