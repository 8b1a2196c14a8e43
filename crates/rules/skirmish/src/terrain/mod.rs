//! Movement over terrain (§10.2–10.6, §17.7–17.9, §6.2.9, §6.4.1): what a move crosses and
//! what it may cost on the way. `crossing`: which hexes are walked, jumped or climbed down into,
//! and the walk along a chosen path with its checks (SK-10.2, SK-10.6, SK-17.7-f, SK-17.8-a,
//! SK-17.9-d). `jumping`: the jump's saving roll and a failed jump (SK-10.2-a/b/c, SK-6.4.1-b).
//! `falling`: falling into a pit and its damage (SK-10.3-a). `climbing`: climbing a rope out of
//! a deep pit or over a wall (SK-10.3-b, SK-6.4.1-c). `pits`: firing into and out of pits
//! (SK-10.3-c, SK-17.8-a). `swimming`: deep water (SK-6.2.9-a, SK-17.2-a, G-56, G-68).
//! `on_the_run`: grabbing a dropped weapon while moving (SK-10.4). `hazard`: the hexes a forced
//! retreat shies from (SK-12.5-c).

pub mod climbing;
pub mod crossing;
pub mod falling;
pub mod hazard;
pub mod jumping;
pub mod on_the_run;
pub mod pits;
pub mod swimming;
