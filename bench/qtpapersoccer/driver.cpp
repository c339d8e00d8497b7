// A headless driver for QtPaperSoccer's strongest player (jdermont/QtPaperSoccer, Apache-2.0), so that
// `kartka-bot-lab versus` can play it one game at a time. It is a benchmark tool, not part of kartka: it is
// compiled against a checkout of QtPaperSoccer's own sources (see README.md) and nothing of theirs is kept here.
//
// Protocol, one command a line on stdin, answers on stdout:
//   new            a new game on kurnik's pitch; the first turn is the first seat's (kurnik's, attacking north)
//   play DIGITS    the opponent's whole turn in kurnik's step digits (0 north, clockwise to 7)
//   go MS          think for MS milliseconds, print the whole turn as digits, and play it
//   eval           the network's chance (0 to 1) that the seat to act wins, without a search (for
//                  `kartka-train soccer-judge`)
//   judge P|P|...  the network's chance for each position P (any game, not the one played), each written
//                  `SEAT BX BY x,y,d ...` as `kartka-bot-lab --judge-engine` writes it: the seat to act (0 is
//                  kurnik's first mover), the ball, and every drawn segment from its end nearer the top-left
//                  (x from the left, y from the top goal at -1) in direction d; the chances separated by spaces
//   quit
// Every command is answered with one line: `ok`, the turn's digits, or `error ...`.

#include <ctime>
#include <iostream>
#include <sstream>
#include <string>

#include "game.h"
#include "network.h"
#include "cpumctstt.h"

using namespace std;

// The network's chance that the seat to act wins the position `words` describes (the `judge` command's form),
// built on `scratch` (a fresh game's pitch, its walls drawn) and taken off it again.
static float judge_position(Network *network, Game &scratch, const string &words) {
    // Their pitch's index of each of kartka's points, y shifted by one so that the top goal (-1) is row 0.
    static int index_of[9][13];
    static bool indexed = false;
    if (!indexed) {
        for (int x = 0; x < 9; x++)
            for (int y = 0; y < 13; y++) index_of[x][y] = -1;
        for (int i = 0; i < scratch.pitch.size; i++) {
            Point p = scratch.pitch.getPosition(i);
            if (p.x >= 0 && p.x < 9 && p.y >= -1 && p.y < 12) index_of[p.x][p.y + 1] = i;
        }
        indexed = true;
    }
    static const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    istringstream in(words);
    int seat, bx, by;
    in >> seat >> bx >> by;
    scratch.currentPlayer = seat == 0 ? TWO : ONE;
    vector<pair<int, int>> added;
    string segment;
    while (in >> segment) {
        int x, y, d;
        if (sscanf(segment.c_str(), "%d,%d,%d", &x, &y, &d) != 3 || d < 0 || d > 7) return -1;
        int ex = x + DX[d], ey = y + DY[d];
        if (x < 0 || x > 8 || y < -1 || y > 11 || ex < 0 || ex > 8 || ey < -1 || ey > 11) return -1;
        int a = index_of[x][y + 1], b = index_of[ex][ey + 1];
        if (a < 0 || b < 0) return -1;
        if (!scratch.pitch.existsEdge(a, b)) {
            scratch.pitch.addEdge(a, b);
            added.push_back({a, b});
        }
    }
    int ball = scratch.pitch.ball;
    scratch.pitch.ball = (bx >= 0 && bx < 9 && by >= -1 && by < 12) ? index_of[bx][by + 1] : -1;
    float chance = -1;
    if (scratch.pitch.ball >= 0) chance = (network->getScore(scratch.getTuplesEdges4()) + 1.0f) / 2.0f;
    for (auto &edge : added) scratch.pitch.removeEdge(edge.first, edge.second);
    scratch.pitch.ball = ball;
    return chance;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        cerr << "usage: qtps-driver NETWORK_FILE [POOL_LOG2] [THREADS]" << endl;
        return 2;
    }
    string network_file = argv[1];
    int pool_log2 = argc > 2 ? stoi(argv[2]) : 22;
    int threads = argc > 3 ? stoi(argv[3]) : 1;

    // What the program's own main() does first: seed rand() and build the edge tables the network's inputs use.
    srand(time(NULL));
    Pitch(8, 10).GENERATE_ALL_EDGES();
    // The same player the GUI builds (mainwindow.cpp): UCT over whole turns with the 1466-96-32 network.
    CpuMctsTTRParallel cpu(1 << pool_log2);
    cpu.moveLimit = 750;
    Network *network = new NetworkDeep(1466, 96, 32);
    // load() reports on stdout, which is the protocol's: send that line to stderr.
    streambuf *protocol = cout.rdbuf(cerr.rdbuf());
    network->load(network_file);
    cout.rdbuf(protocol);
    network->type = 2;
    cpu.agent = network;

    Game *game = nullptr;
    Game scratch;
    scratch.started = true;
    string line;
    while (getline(cin, line)) {
        istringstream words(line);
        string command, argument;
        words >> command >> argument;
        if (command == "quit") {
            break;
        } else if (command == "new") {
            delete game;
            game = new Game();
            game->started = true;
            // The GUI replays kurnik notation with the second player first: kurnik's first mover is TWO.
            game->currentPlayer = TWO;
            cout << "ok" << endl;
        } else if (command == "play" && game) {
            game->makeMove(argument);
            cout << "ok" << endl;
        } else if (command == "go" && game) {
            long micros = stol(argument) * 1000L;
            string move;
            player_t player = game->currentPlayer;
            // As the GUI's worker thread does: a turn that wins at once is played without a search.
            if (game->pitch.isNextMoveGameover(player == ONE ? TWO : ONE)) {
                move = game->pitch.shortWinningMoveForPlayer(player);
            } else {
                cpu.setGame(game);
                cpu.setPlayer(player);
                move = cpu.getBestMove(micros, threads)->move;
            }
            game->makeMove(move);
            cout << move << endl;
        } else if (command == "eval" && game) {
            // The inputs the search builds for the seat to act at a turn's end (the drawn edges, mirrored for
            // the second seat, the turns to every point, the ball); the network's tanh value for that seat.
            float value = network->getScore(game->getTuplesEdges4());
            cout << (value + 1.0f) / 2.0f << endl;
        } else if (command == "judge") {
            string answer;
            size_t from = line.find(' ');
            bool ok = from != string::npos;
            while (ok && from < line.size()) {
                size_t bar = line.find('|', from + 1);
                if (bar == string::npos) bar = line.size();
                float chance = judge_position(network, scratch, line.substr(from + 1, bar - from - 1));
                ok = chance >= 0;
                answer += to_string(chance) + " ";
                from = bar;
            }
            cout << (ok ? answer : "error bad position in: " + line) << endl;
        } else {
            cout << "error unknown command or no game: " << line << endl;
        }
    }
    delete game;
    return 0;
}
