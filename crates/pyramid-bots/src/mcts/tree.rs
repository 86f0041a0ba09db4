//! The search tree: nodes in one vector, children found through one hash map keyed by
//! (parent, action).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A small, fast, deterministic hasher (the Fx hash of rustc) for the child index.
#[derive(Clone, Copy, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// One node: the action that led to it, the seat that played it, and its statistics.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    /// The action from the parent (`None` at the root).
    pub action: Option<A>,
    /// The seat that played `action`; rewards are counted for it.
    pub actor: u8,
    /// Iterations through this node.
    pub visits: u32,
    /// How often this node was available (legal) when its parent chose a child; the
    /// "parent visits" of UCB in information-set MCTS.
    pub avail: u32,
    /// Sum of the actor's rewards.
    pub reward: f64,
    /// Children, in order of expansion.
    pub children: Vec<u32>,
}

/// The tree; node 0 is the root.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    index: HashMap<(u32, A), u32, BuildHasherDefault<FxHasher>>,
}

impl<A: Copy + Eq + Hash> Tree<A> {
    /// A tree holding only a root.
    pub fn new() -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            index: HashMap::default(),
        };
        tree.clear();
        tree
    }

    /// Back to a lone root.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.index.clear();
        self.nodes.push(Node {
            action: None,
            actor: 0,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
        });
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The child of `parent` reached by `action`, if expanded.
    #[inline]
    pub fn child(&self, parent: u32, action: A) -> Option<u32> {
        self.index.get(&(parent, action)).copied()
    }

    /// Adds the child of `parent` reached by `action`, played by `actor`.
    pub fn add_child(&mut self, parent: u32, action: A, actor: u8) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            action: Some(action),
            actor,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
        });
        self.nodes[parent as usize].children.push(id);
        self.index.insert((parent, action), id);
        id
    }

    /// Keeps only the subtree under `new_root`, which becomes the root (its statistics
    /// kept, its action forgotten).
    pub fn reroot(&mut self, new_root: u32) {
        if new_root == 0 {
            return;
        }
        let old = std::mem::take(&mut self.nodes);
        self.index.clear();
        let mut root = old[new_root as usize].clone();
        root.action = None;
        root.children.clear();
        self.nodes.push(root);
        // Breadth first: (old id, new id) pairs whose children still need copying.
        let mut queue = std::collections::VecDeque::from([(new_root, 0u32)]);
        while let Some((old_id, new_id)) = queue.pop_front() {
            for &old_child in &old[old_id as usize].children {
                let node = &old[old_child as usize];
                let Some(action) = node.action else { continue };
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    children: Vec::new(),
                    ..node.clone()
                });
                self.nodes[new_id as usize].children.push(id);
                self.index.insert((new_id, action), id);
                queue.push_back((old_child, id));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reroot_keeps_the_subtree_and_its_index() {
        let mut tree: Tree<u8> = Tree::new();
        let a = tree.add_child(0, 1, 0);
        let b = tree.add_child(0, 2, 0);
        let a1 = tree.add_child(a, 3, 1);
        let a1x = tree.add_child(a1, 4, 0);
        tree.add_child(b, 5, 1);
        tree.nodes[a1x as usize].visits = 7;
        tree.reroot(a);
        assert_eq!(tree.len(), 3);
        assert_eq!(tree.nodes[0].action, None);
        let c = tree.child(0, 3).expect("kept child");
        let d = tree.child(c, 4).expect("kept grandchild");
        assert_eq!(tree.nodes[d as usize].visits, 7);
        assert_eq!(tree.child(0, 2), None);
    }
}
