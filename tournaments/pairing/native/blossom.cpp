// Minimum-cost perfect matching for the pairing engine, through LEMON's weighted blossom algorithm
// (Debian's liblemon-dev; Boost licence). Only this glue is ours: ctypes calls it from
// tournaments/pairing/matching.py, so no Python headers are needed to build it.
//
// Why LEMON rather than rustworkx: its Edmonds' algorithm runs on priority queues (O(nm log n)), and
// matched a 7,690-player block of 706,739 candidate pairs in under a second, with the same optimum,
// where rustworkx's O(n^3) port of the classic one took 52 s.
//
// Costs are 128-bit integers (the engine packs its tiers into one), passed as a high and a low 64-bit
// half. LEMON works on exact integers here (__int128, its duals scaled by 4); its node duals grow to
// about size/2 times the largest cost, so the caller keeps size times the largest cost below 2^120.
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <cstdint>
#include <vector>

// 1: mate[] holds the matching; 0: no perfect matching; -1: bad input or no memory (nothing thrown
// across the C boundary, where it would abort the calling process).
extern "C" int gg_min_cost_perfect_matching(int32_t size, int64_t count, const int32_t *left,
                                             const int32_t *right, const int64_t *high,
                                             const uint64_t *low, int32_t *mate) {
  typedef __int128 Weight;
  try {
    lemon::SmartGraph graph;
    graph.reserveNode(size);
    graph.reserveEdge(count);
    std::vector<lemon::SmartGraph::Node> nodes;
    nodes.reserve(size);
    for (int32_t i = 0; i < size; ++i) nodes.push_back(graph.addNode());
    lemon::SmartGraph::EdgeMap<Weight> weight(graph);
    for (int64_t k = 0; k < count; ++k) {
      if (left[k] < 0 || left[k] >= size || right[k] < 0 || right[k] >= size) return -1;
      Weight cost = (static_cast<Weight>(high[k]) << 64) | static_cast<Weight>(low[k]);
      weight[graph.addEdge(nodes[left[k]], nodes[right[k]])] = -cost;  // the heaviest is the cheapest
    }
    lemon::MaxWeightedPerfectMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<Weight>> matching(graph,
                                                                                                      weight);
    if (!matching.run()) return 0;
    for (int32_t i = 0; i < size; ++i) mate[i] = graph.id(matching.mate(nodes[i]));
    return 1;
  } catch (...) {
    return -1;
  }
}
