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
        } else {
            cout << "error unknown command or no game: " << line << endl;
        }
    }
    delete game;
    return 0;
}
