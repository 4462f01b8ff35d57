package io.kifudb.rules;

/**
 * The variants' piece tables and start positions, transcribed from {@code pieces-and-setups.md}.
 */
public final class Variants {
    private Variants() {}

    /** Chu Shogi, 12×12, lishogi's letters and start position (pieces-and-setups.md §2). */
    public static final Variant CHU = chu();

    private static Variant chu() {
        Variant.Builder b = new Variant.Builder("chu", 12);
        b.kind("k", "玉将", "King", "king", "step(all)", null).royal = true;
        b.kind("n", "獅子", "Lion", "lion", "lion", null).lionRank = true;
        b.kind("q", "奔王", "Free King", "queen", "slide(all)", null);
        b.kind("d", "龍王", "Dragon King", "dragon", "slide(orth) step(diag)", "+d");
        b.kind("h", "龍馬", "Dragon Horse", "horse", "slide(diag) step(orth)", "+h");
        b.kind("r", "飛車", "Rook", "rook", "slide(orth)", "+r");
        b.kind("b", "角行", "Bishop", "bishop", "slide(diag)", "+b");
        b.kind("v", "竪行", "Vertical Mover", "verticalmover", "slide(F,B) step(L,R)", "+v");
        b.kind("m", "横行", "Side Mover", "sidemover", "slide(L,R) step(F,B)", "+m");
        b.kind("a", "反車", "Reverse Chariot", "chariot", "slide(F,B)", "+a");
        b.kind("l", "香車", "Lance", "lance", "slide(F)", "+l").stuckOnLastRank = true;
        b.kind("o", "麒麟", "Kirin", "kirin", "step(diag) jump2(orth)", "+o");
        b.kind("x", "鳳凰", "Phoenix", "phoenix", "step(orth) jump2(diag)", "+x");
        b.kind("e", "酔象", "Drunk Elephant", "elephant", "step(F,FL,FR,L,R,BL,BR)", "+e");
        b.kind("t", "盲虎", "Blind Tiger", "tiger", "step(FL,FR,L,R,B,BL,BR)", "+t");
        b.kind("g", "金将", "Gold General", "gold", "step(F,FL,FR,L,R,B)", "+g");
        b.kind("s", "銀将", "Silver General", "silver", "step(F,FL,FR,BL,BR)", "+s");
        b.kind("c", "銅将", "Copper General", "copper", "step(F,FL,FR,B)", "+c");
        b.kind("f", "猛豹", "Ferocious Leopard", "leopard", "step(F,FL,FR,B,BL,BR)", "+f");
        PieceKind pawn = b.kind("p", "歩兵", "Pawn", "pawn", "step(F)", "+p");
        pawn.pawnOrGoBetween = true;
        pawn.stuckOnLastRank = true;
        b.kind("i", "仲人", "Go-Between", "gobetween", "step(F,B)", "+i").pawnOrGoBetween = true;
        // Kinds that exist only as promotions (§2.2).
        b.kind("+d", "飛鷲", "Soaring Eagle", "eagle", "slide(F,B,L,R,BL,BR) lionline(FL,FR)", null);
        b.kind("+h", "角鷹", "Horned Falcon", "falcon", "slide(FL,FR,L,R,B,BL,BR) lionline(F)", null);
        b.kind("+v", "飛牛", "Flying Ox", "ox", "slide(F,B,FL,FR,BL,BR)", null);
        b.kind("+m", "奔猪", "Free Boar", "boar", "slide(L,R,FL,FR,BL,BR)", null);
        b.kind("+a", "鯨鯢", "Whale", "whale", "slide(F,B,BL,BR)", null);
        b.kind("+l", "白駒", "White Horse", "whitehorse", "slide(F,B,FL,FR)", null);
        b.kind("+e", "太子", "Crown Prince", "prince", "step(all)", null).royal = true;
        b.kind("+t", "飛鹿", "Flying Stag", "stag", "slide(F,B) step(FL,FR,L,R,BL,BR)", null);
        b.kind("+p", "と金", "Tokin", "promotedpawn", "step(F,FL,FR,L,R,B)", null);
        // Promoted forms that move like a start kind (§2.3).
        b.kind("+o", "獅子", "Lion (promoted Kirin)", "lionpromoted", "lion", null).lionRank = true;
        b.kind("+x", "奔王", "Free King (promoted Phoenix)", "queenpromoted", "slide(all)", null);
        b.kind("+r", "龍王", "Dragon King (promoted Rook)", "dragonpromoted", "slide(orth) step(diag)", null);
        b.kind("+b", "龍馬", "Dragon Horse (promoted Bishop)", "horsepromoted", "slide(diag) step(orth)", null);
        b.kind("+g", "飛車", "Rook (promoted Gold)", "rookpromoted", "slide(orth)", null);
        b.kind("+f", "角行", "Bishop (promoted Leopard)", "bishoppromoted", "slide(diag)", null);
        b.kind("+s", "竪行", "Vertical Mover (promoted Silver)", "verticalmoverpromoted", "slide(F,B) step(L,R)", null);
        b.kind("+c", "横行", "Side Mover (promoted Copper)", "sidemoverpromoted", "slide(L,R) step(F,B)", null);
        b.kind("+i", "酔象", "Drunk Elephant (promoted Go-Between)", "elephantpromoted", "step(F,FL,FR,L,R,BL,BR)", null);
        b.start("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 4);
        return b.build();
    }

    /**
     * 鎌倉横小路流改善熊澤良尊型大将棋 (KY), 13×13, 48 pieces a side, exactly as seed 001 defines them
     * (pieces-and-setups.md §3). Nothing promotes (「この将棋では、銀将も含めて駒は全部成らない」); the zone depth
     * of 4 is kept only because every 13×13 game states it (rule-sets.md §3).
     */
    public static final Variant KUMAZAWA13 = kumazawa13();

    private static Variant kumazawa13() {
        Variant.Builder b = new Variant.Builder("dai13-kumazawa", 13);
        b.kind("k", "玉将", "King", "king", "step(all)", null).royal = true;
        b.kind("g", "金将", "Gold General", "gold", "step(F,FL,FR,L,R,B)", null);
        // K3: 「横と後に行けない。計５方向歩み」: "後" is straight back only, so this is the shogi silver.
        b.kind("s", "銀将", "Silver General", "silver", "step(F,FL,FR,BL,BR)", null);
        b.kind("n", "桂馬", "Knight", "knight", "knight", null);
        b.kind("u", "銅将", "Copper General (Heian)", "copperheian", "step(orth)", null);
        // K4: 「隣接の後ろの３方向の何れにも動かせない。その他計５方向へ歩む」 (the Heian iron general).
        b.kind("j", "鉄将", "Iron General (Heian)", "ironheian", "step(F,FL,FR,L,R)", null);
        b.kind("l", "香車", "Lance", "lance", "slide(F)", null);
        b.kind("w", "悪行", "Akugyo", "akugyo", "slide(L,R) step(F)", null).tryPiece = true;
        // K1 (open): 「斜め前の隣接升目に１歩進む。計４方向歩み」: the count of 4 wins over "斜め前", so all four diagonals.
        b.kind("z", "猛虎", "Fierce Tiger", "fiercetiger", "step(diag)", null);
        // K5: 「２歩以上遠くへ行かなければならない…隣接升目の相手の駒は取れない…隣接升目に別の駒が有るとき、跳び越して更に遠くへは走れない」
        b.kind("y", "飛龍", "Flying Dragon (Heian)", "flyingdragonheian", "slide>=2(diag)", null);
        b.kind("a", "反車", "Reverse Chariot", "chariot", "slide(F,B)", null);
        b.kind("q", "奔王", "Free King", "queen", "slide(all)", null);
        // K2 (open): the literal reading 「前後左右計４方向に走りかつ、斜め前に歩む」: no BL/BR steps.
        b.kind("d", "龍王", "Dragon King (literal reading)", "dragonliteral", "slide(orth) step(FL,FR)", null);
        b.kind("h", "龍馬", "Dragon Horse", "horse", "slide(diag) step(orth)", null);
        b.kind("b", "角行", "Bishop", "bishop", "slide(diag)", null);
        b.kind("v", "竪行", "Vertical Mover", "verticalmover", "slide(F,B) step(L,R)", null);
        b.kind("m", "横行", "Side Mover", "sidemover", "slide(L,R) step(F,B)", null);
        b.kind("r", "飛車", "Rook", "rook", "slide(orth)", null);
        b.kind("p", "歩兵", "Pawn", "pawn", "step(F)", null).tryPiece = true;
        b.kind("i", "仲人", "Go-Between", "gobetween", "step(F,B)", null).tryPiece = true;
        b.start("ljunsgkgsnujl/a2yz1w1zy2a/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL b - 1", 4);
        return b.build();
    }

    /**
     * 2017年型普通唱導集大将棋 (S17), 13×13, 54 pieces a side (pieces-and-setups.md §4), with the piece rules of
     * seed 004. Only 酔象→太子, 麒麟→獅子 (the restricted lion), 鳳凰→奔王 and 歩兵→金将 promote (S7: 「成り駒は、今回は、
     * 酔象が太子、麒麟が師子…、鳳凰(現行の動き)を奔王とし、他の駒は概ね不成り…歩兵だけ、金将に」, 「概ね」 read as exactly these four).
     */
    public static final Variant SHODOSHU2017 = shodoshu2017();

    private static Variant shodoshu2017() {
        Variant.Builder b = new Variant.Builder("shodoshu2017", 13);
        b.kind("k", "玉将", "King", "king", "step(all)", null).royal = true;
        b.kind("g", "金将", "Gold General", "gold", "step(F,FL,FR,L,R,B)", null);
        b.kind("s", "銀将", "Silver General", "silver", "step(F,FL,FR,BL,BR)", null);
        // S5 (open): 銅将, 鉄将 and 嗔猪 are defined by no seed; the CHU copper and the classic Dai iron and boar.
        b.kind("c", "銅将", "Copper General", "copper", "step(F,FL,FR,B)", null);
        b.kind("j", "鉄将", "Iron General", "iron", "step(F,FL,FR)", null);
        b.kind("n", "桂馬", "Knight", "knight", "knight", null);
        b.kind("l", "香車", "Lance", "lance", "slide(F)", null).stuckOnLastRank = true;
        b.kind("a", "反車", "Reverse Chariot", "chariot", "slide(F,B)", null);
        // S4 (open): the 酔象 moves as in CHU (not the 2017 xiangqi-elephant move); it is the piece that is exchanged.
        b.kind("e", "酔象", "Drunk Elephant", "elephant", "step(F,FL,FR,L,R,BL,BR)", "+e").exchangedWhenTaken = true;
        b.kind("o", "麒麟", "Kirin", "kirin", "step(diag) jump2(orth)", "+o");
        b.kind("x", "鳳凰", "Phoenix", "phoenix", "step(orth) jump2(diag)", "+x");
        b.kind("z", "猛虎", "Fierce Tiger", "fiercetiger", "step(diag)", null);
        // Seed 004 (4) 「猛牛と飛龍の行き所は１升目飛んで向こう、第２升目だけ」; S1 (open): the first square may hold anything.
        b.kind("w", "猛牛", "Violent Ox", "violentox", "dance2(orth)", null);
        b.kind("u", "嗔猪", "Angry Boar", "angryboar", "step(orth)", null);
        b.kind("y", "飛龍", "Flying Dragon", "flyingdragon", "dance2(diag)", null);
        b.kind("q", "奔王", "Free King", "queen", "slide(all)", null);
        b.kind("d", "龍王", "Dragon King", "dragon", "slide(orth) step(diag)", null);
        b.kind("h", "龍馬", "Dragon Horse", "horse", "slide(diag) step(orth)", null);
        b.kind("b", "角行", "Bishop", "bishop", "slide(diag)", null);
        b.kind("v", "竪行", "Vertical Mover", "verticalmover", "slide(F,B) step(L,R)", null);
        b.kind("m", "横行", "Side Mover", "sidemover", "slide(L,R) step(F,B)", null);
        b.kind("r", "飛車", "Rook", "rook", "slide(orth)", null);
        PieceKind pawn = b.kind("p", "歩兵", "Pawn", "pawn", "step(F)", "+p");
        pawn.pawnOrGoBetween = true;
        pawn.stuckOnLastRank = true;
        // The go-between never promotes here (S7), unlike in CHU.
        b.kind("i", "仲人", "Go-Between", "gobetween", "step(F,B)", null).pawnOrGoBetween = true;
        // Promoted kinds (§4.2). A 酔象 turned by an exchange stays a 酔象 (R2); only a promotion makes a 太子.
        b.kind("+e", "太子", "Crown Prince", "prince", "step(all)", null).royal = true;
        // S3: 「麒麟が師子(踊りだけで跳べない、自駒上で踊れない)」; igui and jitto allowed (open).
        b.kind("+o", "獅子", "Lion (restricted, promoted Kirin)", "lionrestricted", "lionstep", null).lionRank = true;
        b.kind("+x", "奔王", "Free King (promoted Phoenix)", "queenpromoted", "slide(all)", null);
        b.kind("+p", "金将", "Gold General (promoted Pawn)", "goldpromoted", "step(F,FL,FR,L,R,B)", null);
        // S10 (open): each side's 麒麟 on its own left (sente 8l, gote 6b), as in CHU and DAI.
        b.start("lnjcsgkgscjnl/ayuwzxeozwuya/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL b - 1", 4);
        return b.build();
    }
}
